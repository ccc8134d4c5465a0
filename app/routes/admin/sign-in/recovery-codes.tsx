import { useState } from "react";
import { SIGN_IN_TEXT } from "#app/forms/staff.ts";
import { useHydrated } from "#app/utils/use-hydrated.ts";

/**
 * The ten recovery codes, shown once: one numbered column in a monospace face, readable without
 * scripts. With scripts, 복사, 인쇄 and 내려받기(.txt) — each made in the browser from the codes on
 * the page, so the codes never travel in another request. Printing prints this block alone
 * (admin.css, `@media print`), with the account and the site it belongs to.
 */
export function RecoveryCodes({
  codes,
  account,
  projectName,
  site,
  titleId,
}: {
  codes: readonly string[];
  account: string;
  projectName: string;
  site: string;
  titleId: string;
}) {
  // The buttons need scripts; without them the page shows the codes alone.
  const scripted = useHydrated();
  const [status, setStatus] = useState("");

  const asText = () =>
    [`${projectName} 관리자 화면 복구 코드`, `계정: ${account}`, "", ...codes.map((code, index) => `${index + 1}. ${code}`), ""].join("\n");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setStatus(SIGN_IN_TEXT.copied);
    } catch {
      setStatus("복사하지 못했습니다. 코드를 직접 적어 두세요.");
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([asText()], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `recovery-codes-${site}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    // After the click the browser holds its own reference to the file.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="admin-recovery" data-print-only>
      <p className="admin-login__project">{projectName}</p>
      <h1 id={titleId} className="admin-login__title">
        {SIGN_IN_TEXT.recoveryTitle}
      </h1>
      <p className="admin-recovery__account">계정: {account}</p>
      <p className="admin-login__intro admin-recovery__intro">{SIGN_IN_TEXT.recoveryIntro}</p>
      <ol className="admin-recovery-codes" aria-label={SIGN_IN_TEXT.recoveryTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {scripted ? (
        <div className="admin-recovery__tools">
          <button type="button" className="admin-button" onClick={() => void copy()}>
            {SIGN_IN_TEXT.recoveryCopy}
          </button>
          <button type="button" className="admin-button" onClick={() => window.print()}>
            {SIGN_IN_TEXT.recoveryPrint}
          </button>
          <button type="button" className="admin-button" onClick={download}>
            {SIGN_IN_TEXT.recoveryDownload}
          </button>
          <span role="status" className="admin-recovery__status">
            {status}
          </span>
        </div>
      ) : null}
    </div>
  );
}
