/**
 * Fills a content pack's template: each `{name}` becomes `values.name`. A placeholder with no
 * value is left as written, so a typo shows in the message instead of vanishing from it.
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));
}
