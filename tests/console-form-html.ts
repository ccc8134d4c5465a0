/**
 * A console form field as a server-rendered page shows it: its control's value and ARIA state,
 * and the errors in the list its aria-describedby names. Lets an integration test check that every
 * error sits beside its own field without a browser.
 */
export interface RenderedField {
  value: string;
  invalid: boolean;
  /** The errors in the lists the control's aria-describedby points to, in order. */
  errors: string[];
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

function attribute(tag: string, name: string) {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]!) : undefined;
}

/** A name or id as a regular expression matches it literally ("bands[0].from"). */
const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function renderedField(html: string, name: string): RenderedField {
  const page = html.replace(/<script[\s\S]*?<\/script>/g, "");
  const control = new RegExp(`<(input|textarea|select)\\b[^>]*\\sname="${escapeForPattern(name)}"[^>]*>`).exec(page);
  if (!control) throw new Error(`No control named ${name} on the page`);
  const tag = control[0];
  const value =
    control[1] === "textarea"
      ? decode(page.slice(control.index + tag.length, page.indexOf("</textarea>", control.index)))
      : (attribute(tag, "value") ?? "");
  const errors = (attribute(tag, "aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((id) => {
      const list = new RegExp(`<ul[^>]*\\sid="${escapeForPattern(id)}"[^>]*>([\\s\\S]*?)</ul>`).exec(page);
      return list ? [...list[1]!.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((item) => decode(item[1]!)) : [];
    });
  return { value, invalid: attribute(tag, "aria-invalid") === "true", errors };
}
