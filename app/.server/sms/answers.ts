import { TEXT_HOLD_LABELS } from "#app/forms/admin.ts";
import type { OutboxStatus } from "#app/vocabulary.ts";
import { TEXT_HOLD_REASONS } from "#app/vocabulary.ts";
import { ABANDONED_RESPONSE, UNSEALABLE_RESPONSE } from "../outbox/worker.ts";
import { LOG_RESPONSE } from "./log.ts";

/**
 * What the sales office reads about a text's delivery: each adapter's answers (log.ts, webhook.ts,
 * solapi.ts) and the outbox's own notes in Korean words. The raw answer stays in the database for
 * whoever debugs a provider; an answer we don't know is shown as the provider gave it, labelled so.
 */

export const PROVIDER_NAMES: Record<string, string> = {
  log: "테스트 모드(발송 안 함)",
  webhook: "문자 중계 서버",
  solapi: "솔라피(SOLAPI)",
};

/** Whether this message only went to the server log: it reads "기록됨(미발송)", never "발송 완료". */
export function loggedOnly(message: { status: OutboxStatus; provider: string | null }) {
  return message.status === "sent" && message.provider === "log";
}

/** Whether the provider reports deliveries (SOLAPI; the log provider simulates them): else no receipt is awaited. */
export function reportsDeliveries(provider: string | null) {
  return provider === "solapi" || provider === "log";
}

export function providerName(provider: string | null) {
  return provider ? (PROVIDER_NAMES[provider] ?? `업체 ${provider}`) : null;
}

export function providerAnswer(message: { provider: string | null; lastResponse: string | null }): string | null {
  const answer = message.lastResponse?.trim();
  if (!answer) return null;
  if ((TEXT_HOLD_REASONS as readonly string[]).includes(answer)) return TEXT_HOLD_LABELS[answer as keyof typeof TEXT_HOLD_LABELS];
  if (answer === ABANDONED_RESPONSE) {
    return "보내는 도중 서버가 멈춰 업체가 받았는지 알 수 없습니다. 같은 문자가 두 번 가지 않도록 다시 보내지 않았습니다.";
  }
  if (answer === UNSEALABLE_RESPONSE) {
    return "서버 비밀값이 바뀌어 링크가 든 원문을 열 수 없어 보내지 않았습니다. 초대라면 초대 링크를 다시 만들어 주세요.";
  }
  if (answer === LOG_RESPONSE) return "테스트 모드라 서버 기록에만 남기고 고객에게 보내지 않았습니다.";
  if (/timeout|timed out|aborted/i.test(answer)) return "업체가 제시간에 답하지 않았습니다. 잠시 뒤 다시 시도합니다.";
  switch (message.provider) {
    case "webhook":
      return webhookAnswer(answer);
    case "solapi":
      return solapiAnswer(answer);
    default:
      return unknown(answer);
  }
}

/** webhook.ts keeps "<status> <body>", or the error of a request that never got an answer. */
function webhookAnswer(answer: string) {
  if (answer.startsWith("webhook unreachable")) return "문자 중계 서버에 연결하지 못했습니다. 잠시 뒤 다시 시도합니다.";
  const status = /^(\d{3})\b/.exec(answer)?.[1];
  if (!status) return unknown(answer);
  const code = Number(status);
  if (code >= 200 && code < 300) return `문자 중계 서버가 접수했습니다 (응답 ${status}).`;
  if (code === 429) return `문자 중계 서버가 요청이 많다며 잠시 뒤에 보내 달라고 했습니다 (응답 ${status}).`;
  if (code >= 500 || code === 408) return `문자 중계 서버에 문제가 있어 받지 못했습니다 (응답 ${status}). 잠시 뒤 다시 시도합니다.`;
  return `문자 중계 서버가 이 문자를 거절했습니다 (응답 ${status}).`;
}

/** solapi.ts keeps the group's counts (JSON) when accepted, the refused message or SOLAPI's error answer (JSON), or the error text otherwise. */
function solapiAnswer(answer: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return answer.startsWith("solapi:") ? `솔라피 연결 중 문제가 생겼습니다: ${answer.slice(7).trim()}` : unknown(answer);
  }
  if (parsed && typeof parsed === "object") {
    if ("statusMessage" in parsed) return `솔라피가 이 문자를 거절했습니다: ${String(parsed.statusMessage)}`;
    if ("errorCode" in parsed && "status" in parsed) {
      const status = Number(parsed.status);
      const why = `(응답 ${status}${parsed.errorCode ? ` ${String(parsed.errorCode)}` : ""})`;
      if (status === 401 || status === 403) return `솔라피가 인증을 거절했습니다. API 키와 시크릿을 확인해 주세요 ${why}.`;
      if (status === 402) return `솔라피 잔액이 부족해 보내지 못했습니다 ${why}.`;
      if (status >= 500 || status === 429 || status === 408) return `솔라피에 문제가 있어 받지 못했습니다 ${why}. 잠시 뒤 다시 시도합니다.`;
      return `솔라피가 이 요청을 거절했습니다 ${why}: ${"errorMessage" in parsed ? String(parsed.errorMessage) : ""}`.trim();
    }
    if ("total" in parsed || "registeredSuccess" in parsed) return "솔라피가 접수했습니다.";
  }
  return unknown(answer);
}

function unknown(answer: string) {
  return `업체 응답: ${answer.slice(0, 300)}`;
}
