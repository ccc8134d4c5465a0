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

/**
 * The separator of a CSV's columns, judged by its first line: whichever of tab, semicolon and comma
 * it holds most of, comma when none. Excel on a Korean Windows saves "CSV" with commas; some tools
 * export tab-separated text under the same name, and a European-locale Excel uses semicolons.
 */
export function csvDelimiter(text: string): "," | "\t" | ";" {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const count = (separator: string) => firstLine.split(separator).length - 1;
  const [best] = (["\t", ";"] as const).filter((separator) => count(separator) > count(",")).sort((a, b) => count(b) - count(a));
  return best ?? ",";
}
