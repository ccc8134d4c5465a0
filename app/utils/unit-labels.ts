// How units and their prices are written, on the public 잔여세대 page and in the console (no schema
// library here: the public page ships it to phones).

/** "1203" for the 12th floor's line 3. */
export function unitNumber(floor: number, line: number) {
  return `${floor}${String(line).padStart(2, "0")}`;
}

/** "101동 1203호". */
export function unitLabel(unit: { building: string; floor: number; line: number }) {
  return `${unit.building}동 ${unitNumber(unit.floor, unit.line)}호`;
}

/** "5억 2,000만원" for 520,000,000 원. */
export function formatPrice(won: number) {
  const manwon = Math.round(won / 10_000);
  const eok = Math.floor(manwon / 10_000);
  const rest = manwon % 10_000;
  if (eok === 0) return `${rest.toLocaleString("ko-KR")}만원`;
  return rest === 0 ? `${eok}억원` : `${eok}억 ${rest.toLocaleString("ko-KR")}만원`;
}
