import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { daegu } from "#app/content/sites/daegu/index.ts";
import { themeStyle } from "./theme";

const globalCss = fs.readFileSync(path.resolve(import.meta.dirname, "../styles/global.css"), "utf8");
const rootBlock = globalCss.match(/^:root \{([\s\S]*?)^\}/m)?.[1] ?? "";

test("every theme variable is declared in global.css, with the daegu pack's colour as its default", () => {
  const style = themeStyle(daegu.theme.colors);
  expect(Object.keys(style).length).toBe(Object.keys(daegu.theme.colors).length);
  for (const [variable, value] of Object.entries(style)) {
    expect(rootBlock, variable).toMatch(new RegExp(`^\\s*${variable}: ${value};$`, "m"));
  }
});
