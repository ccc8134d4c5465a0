/**
 * An uploaded CSV's text: UTF-8 when its bytes are (the decoder drops a byte-order mark), otherwise
 * CP949 (EUC-KR), which Excel on a Korean Windows, Korean ad platforms and 080 opt-out services
 * still save. Every CSV the console reads goes through here: leads, ad spend, opt-out lists.
 */
export function decodeCsvText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("euc-kr").decode(bytes);
  }
}
