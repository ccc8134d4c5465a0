import type { AnchorHTMLAttributes, ReactNode } from "react";
import { useCallPhone } from "#app/utils/call-line.ts";
import { formatPhone, telHref } from "#app/utils/phone.ts";

/**
 * The sales number as text: the visitor's channel's when they came through one (app/utils/call-line.ts).
 * The inline script may have swapped the server's text before hydration, hence suppressHydrationWarning.
 */
export function CallNumber({ phone }: { phone: string }) {
  const shown = formatPhone(useCallPhone(phone));
  return (
    <span data-call-number="" suppressHydrationWarning>
      {shown}
    </span>
  );
}

/** A tel: link to the sales number (the channel's for its visitors); its text is the number unless given. */
export function CallLink({
  phone,
  label,
  children,
  ...anchorProps
}: {
  phone: string;
  /** An aria-label naming the number shown. */
  label?: (shown: string) => string;
  children?: ReactNode;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "aria-label">) {
  const dialled = useCallPhone(phone);
  return (
    <a href={telHref(dialled)} aria-label={label?.(formatPhone(dialled))} {...anchorProps}>
      {children ?? <CallNumber phone={phone} />}
    </a>
  );
}
