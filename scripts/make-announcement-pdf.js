// `npm run make:announcement`: prints the recruitment notice (입주자 모집공고, or an officetel pack's 분양공고) of the SITE pack
// (default daegu) to the PDF its announcement page links to, e.g. public/announcement.pdf.
// Figures come from the pack, so the PDF cannot disagree with the site; the file is committed.
// Uses Debian's Chromium and the system's Noto CJK fonts, which Chromium subsets into the file.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { DEFAULT_SITE, sitePacks } from "#app/content/index.ts";

const TO_BE_ANNOUNCED = "추후 공지";

const slug = process.env.SITE ?? DEFAULT_SITE;
const site = sitePacks[slug];
if (!site) throw new Error(`Unknown SITE ${slug}`);

const output = path.join("public", site.infoPages.announcement.pdf.href);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  await page.setContent(noticeHtml(site), { waitUntil: "load" });
  await page.pdf({
    path: output,
    format: "A4",
    printBackground: true,
    margin: { top: "18mm", bottom: "18mm", left: "16mm", right: "16mm" },
    displayHeaderFooter: true,
    headerTemplate: "<span></span>",
    footerTemplate: `<div style="width:100%;font-size:8px;color:#777;text-align:center;font-family:'Noto Sans CJK KR',sans-serif">- <span class="pageNumber"></span> / <span class="totalPages"></span> -</div>`,
  });
} finally {
  await browser.close();
}
console.log(`Wrote ${output} (${Math.round(fs.statSync(output).size / 1024)} KB)`);

/** @param {import("#app/content/types.ts").SitePack} site */
function noticeHtml(site) {
  /** The business page's value under the first of these labels it has. */
  const fact = (...labels) =>
    labels.map((label) => site.infoPages.business.facts.find((entry) => entry.label === label)?.value).find(Boolean) ?? TO_BE_ANNOUNCED;
  const apartments = site.units.filter((unit) => unit.kind === "apartment");
  const officetels = site.units.filter((unit) => unit.kind === "officetel");
  // A development of officetels alone is sold under the building sales act (건축물분양법): its
  // notice is a sale notice by contract area and rooms, not a housing recruitment notice.
  const officetelOnly = apartments.length === 0;
  const title = officetelOnly ? "오피스텔 분양공고" : "입주자 모집공고";
  const offered = officetelOnly ? officetels : apartments;
  const total = offered.reduce((sum, unit) => sum + Number.parseInt(unit.area.unitCount, 10), 0);
  const schedule = officetelOnly
    ? ["청약 접수", "당첨자 발표", "계약 체결"]
    : ["특별공급 접수", "일반공급 1순위 접수", "일반공급 2순위 접수", "당첨자 발표", "계약 체결"];
  const place = (index) =>
    index < schedule.length - 2
      ? "청약홈 (인터넷 청약)"
      : index === schedule.length - 2
        ? "청약홈 및 개별 통보"
        : escape(site.modelHouse.address);
  const cautions = [
    "청약 신청 전 본 공고문을 반드시 확인하시기 바랍니다. 신청자격 미숙지, 착오 신청 등으로 인한 불이익은 신청자 본인에게 있습니다.",
    "청약은 한국부동산원 청약홈에서 인터넷으로 신청하며, 1인 1건만 신청할 수 있습니다. 중복 신청 시 모두 무효 처리됩니다.",
    officetelOnly
      ? "오피스텔은 「건축물의 분양에 관한 법률」에 따라 분양하는 업무시설로, 주택 청약 관련 법령이 적용되지 않으며 전산 추첨으로 계약자를 정합니다."
      : "당첨자로 선정된 후 부적격자로 판명된 경우 계약이 취소되며, 관련 법령에 따라 일정 기간 청약이 제한됩니다.",
    `공급금액, 납부 일정, ${officetelOnly ? "" : "발코니 확장 및 "}추가 선택품목 금액은 확정되는 대로 공고합니다.`,
    "홈페이지, 견본주택, 홍보물의 이미지와 조경, 시설물은 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.",
    "단지 주변 개발계획은 인허가 및 정부 정책에 따라 변경·연기·취소될 수 있으며, 이에 대해 사업주체는 책임을 지지 않습니다.",
    ...(officetelOnly
      ? []
      : ["오피스텔은 「건축물의 분양에 관한 법률」에 따라 별도로 분양하며, 자세한 내용은 오피스텔 분양공고를 확인하시기 바랍니다."]),
  ];
  const rows = (entries) =>
    entries.map(([label, value]) => `<tr><th scope="row">${escape(label)}</th><td>${escape(value)}</td></tr>`).join("");
  const { brand, accent, surface } = site.theme.colors;

  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escape(site.brand.projectName)} ${title}</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font-family: "Noto Sans CJK KR", sans-serif; font-size: 10.5pt; line-height: 1.65; color: #1f2329; word-break: keep-all; }
  header { border-top: 3px solid ${brand}; border-bottom: 1px solid ${brand}; padding: 14px 0 12px; margin-bottom: 18px; }
  .meta { display: flex; justify-content: space-between; font-size: 9pt; color: #5b6470; }
  h1 { margin: 8px 0 0; font-size: 20pt; text-align: center; color: ${brand}; letter-spacing: -0.02em; }
  h2 { margin: 22px 0 8px; padding-left: 8px; border-left: 4px solid ${accent}; font-size: 12.5pt; color: ${brand}; }
  table { width: 100%; border-collapse: collapse; margin-top: 6px; }
  th, td { border: 1px solid #cfc6b6; padding: 6px 8px; vertical-align: top; }
  thead th { background: ${brand}; color: #fff; font-weight: 700; text-align: center; }
  tbody th { width: 26%; background: ${surface}; text-align: left; }
  .figures td, .figures tbody th { text-align: center; width: auto; }
  .figures tfoot td { background: ${surface}; font-weight: 700; text-align: center; }
  .note { margin: 6px 0 0; font-size: 9pt; color: #5b6470; }
  ol { margin: 6px 0 0; padding-left: 18px; }
  li + li { margin-top: 4px; }
  .warning { margin-top: 10px; padding: 10px 12px; border: 1px solid #c0392b; color: #8e2a20; font-size: 9.5pt; }
  footer { margin-top: 26px; text-align: center; }
  footer strong { display: block; font-size: 13pt; color: ${brand}; }
</style></head>
<body>
  <header>
    <div class="meta"><span>공고 번호 : ${TO_BE_ANNOUNCED}</span><span>공고일 : ${TO_BE_ANNOUNCED}</span></div>
    <h1>${escape(site.brand.projectName)} ${title}</h1>
  </header>

  <h2>Ⅰ. 공급 개요</h2>
  <table><tbody>${rows([
    ["공급위치", fact("대지위치")],
    ["건축규모", fact("건축규모")],
    ["공급규모", fact("세대수", "공급규모")],
    ["시행사", site.developer],
    ["시공사", site.builder],
    ["입주예정", `${fact("입주예정")} (정확한 입주일은 추후 통보)`],
  ])}</tbody></table>

  <h2>Ⅱ. 공급 대상</h2>
  <table class="figures">
    <thead><tr><th>${officetelOnly ? "타입" : "주택형"}</th><th>전용면적(㎡)</th><th>${officetelOnly ? "계약면적(㎡)" : "공급면적(㎡)"}</th><th>${
      officetelOnly ? "공급 호실수" : "공급 세대수"
    }</th><th>${officetelOnly ? "분양방법" : "특별공급"}</th><th>${officetelOnly ? "분양가" : "일반공급"}</th></tr></thead>
    <tbody>${offered
      .map(
        (unit) =>
          `<tr><th scope="row">${escape(unit.key)}</th><td>${unit.area.exclusiveM2}</td><td>${
            officetelOnly ? (unit.area.contractM2 ?? TO_BE_ANNOUNCED) : unit.area.supplyM2
          }</td><td>${escape(unit.area.unitCount)}</td><td>${officetelOnly ? "인터넷 청약 · 전산 추첨" : TO_BE_ANNOUNCED}</td><td>${TO_BE_ANNOUNCED}</td></tr>`,
      )
      .join("")}</tbody>
    <tfoot><tr><td>합계</td><td>-</td><td>-</td><td>${total}${officetelOnly ? "실" : "세대"}</td><td>${TO_BE_ANNOUNCED}</td><td>${TO_BE_ANNOUNCED}</td></tr></tfoot>
  </table>
  <p class="note">※ ${
    officetelOnly
      ? "계약면적은 전용면적과 공용면적, 기타공용면적(주차장 등)을 더한 면적이며"
      : "공급면적은 전용면적과 주거공용면적을 더한 면적이며"
  }, 공급금액은 ${TO_BE_ANNOUNCED}합니다.${
    !officetelOnly && officetels.length > 0
      ? ` 오피스텔 ${officetels.map((unit) => `${escape(unit.key)}(전용 ${unit.area.exclusiveM2}㎡) ${escape(unit.area.unitCount)}`).join(", ")}은 별도 공고합니다.`
      : ""
  }</p>

  <h2>Ⅲ. 청약 일정</h2>
  <table><thead><tr><th>구분</th><th>일정</th><th>장소</th></tr></thead><tbody>${schedule
    .map((step, index) => `<tr><th scope="row">${step}</th><td>${TO_BE_ANNOUNCED}</td><td>${place(index)}</td></tr>`)
    .join("")}</tbody></table>
  <p class="note">※ 일정은 확정되는 대로 홈페이지와 문자로 안내하며, 관계 법령과 기관 사정에 따라 바뀔 수 있습니다.</p>

  <h2>Ⅳ. 유의사항</h2>
  <ol>${cautions.map((line) => `<li>${escape(line)}</li>`).join("")}</ol>
  <p class="warning">본 공고문은 홈페이지 게시를 위해 편집한 자료로 편집 과정에서 오류가 있을 수 있습니다. 청약 신청 전 반드시 관계기관에 게시된 ${title} 원문을 확인하시기 바랍니다.</p>

  <footer>
    <strong>사업주체 : ${escape(site.developer)} · 시공 : ${escape(site.builder)}</strong>
    분양 문의 ${escape(site.phone)} (${escape(site.consultationHours)}) · 견본주택 ${escape(site.modelHouse.address)}
  </footer>
</body></html>`;
}

function escape(text) {
  return String(text).replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]);
}
