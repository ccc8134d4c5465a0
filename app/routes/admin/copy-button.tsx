import { useState } from "react";

/**
 * Copies a value the person must write down elsewhere (a chain's head). In the server's page, so
 * nothing moves when the scripts start; hidden by the style sheet where scripts do not run
 * (`scripting: none`), where the value stays selectable on the page.
 */
export function CopyButton({ text, describedBy }: { text: string; describedBy?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // An address that is not https (a LAN name) has no clipboard API: the browser's own copy still works.
      const area = document.createElement("textarea");
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
  };
  return (
    <button
      type="button"
      className="admin-button admin-button--ghost admin-button--small admin-copy"
      aria-describedby={describedBy}
      onClick={() => void copy()}
    >
      {copied ? "복사했습니다" : "복사"}
    </button>
  );
}
