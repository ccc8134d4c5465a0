/** What the server's edge answers to a request no page of ours can take (server/edge.ts). */
export const REQUEST_REFUSALS = {
  400: "요청을 처리할 수 없습니다. 주소를 확인해 주세요.",
  405: "이 사이트에서 지원하지 않는 요청 방식입니다.",
  500: "일시적인 오류로 요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.",
} as const;
