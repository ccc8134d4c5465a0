import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for SOLAPI's messages API (v4), built from the request and response shapes of
 * its documentation and SDK types (solapi 6: `send-many/detail`, `list`, the HMAC-SHA256
 * Authorization header, `{errorCode, errorMessage}` error answers). It checks every request's
 * signature as SOLAPI does, keeps what it accepted, and lets a test decide reports and refusals.
 */

export interface FakeMessage {
  messageId: string;
  groupId: string;
  type: string;
  to: string;
  from: string;
  text: string;
  kakaoOptions?: { pfId: string; templateId: string; variables?: Record<string, string>; disableSms?: boolean };
  customFields?: Record<string, string>;
  statusCode: string;
  reason?: string;
  replacements?: { type: string; statusCode: string }[];
}

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface SolapiFake {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  requests: FakeRequest[];
  messages: Map<string, FakeMessage>;
  /** The next request gets this answer instead (an outage, a 400, a low balance). */
  answerNext(status: number, body: unknown): void;
  /** Messages to this number (of this type only, when given) are refused at once (failedMessageList). */
  refuse(to: string, statusCode: string, statusMessage: string, onlyType?: string): void;
  /** The carrier's (or Kakao's) report on a message. */
  report(messageId: string, change: Partial<Pick<FakeMessage, "statusCode" | "reason" | "replacements">>): void;
  close(): Promise<void>;
}

const SIGNATURE_WINDOW_MS = 15 * 60_000;

export async function startSolapiFake({ apiKey = "NCSFAKEKEY", apiSecret = "fake-secret-0123456789abcdef" } = {}): Promise<SolapiFake> {
  const requests: FakeRequest[] = [];
  const messages = new Map<string, FakeMessage>();
  const refusals = new Map<string, { statusCode: string; statusMessage: string; onlyType?: string }>();
  let next: { status: number; body: unknown } | undefined;

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    let body: unknown = undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return answer(res, 400, { errorCode: "InvalidJSON", errorMessage: "JSON 형식이 올바르지 않습니다." });
    }
    requests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization, body });
    const refused = authenticate(req.headers.authorization, apiKey, apiSecret);
    if (refused) return answer(res, 401, refused);
    if (next) {
      const { status, body: nextBody } = next;
      next = undefined;
      return answer(res, status, nextBody);
    }
    if (req.method === "POST" && url.pathname === "/messages/v4/send-many/detail") return answer(res, ...sendMany(body));
    if (req.method === "GET" && url.pathname === "/messages/v4/list") {
      const ids = url.searchParams.getAll("messageIds");
      const listed = Object.fromEntries(ids.flatMap((id) => (messages.has(id) ? [[id, messages.get(id)!]] : [])));
      return answer(res, 200, { startKey: null, nextKey: null, limit: Number(url.searchParams.get("limit") ?? 20), messageList: listed });
    }
    return answer(res, 404, { errorCode: "NotFound", errorMessage: "Not Found" });
  });

  function sendMany(body: unknown): [number, unknown] {
    const list = body && typeof body === "object" && "messages" in body && Array.isArray(body.messages) ? body.messages : null;
    if (!list || list.length === 0) return [400, { errorCode: "ValidationError", errorMessage: "messages는 1건 이상이어야 합니다." }];
    const groupId = `G4V${crypto.randomBytes(8).toString("hex").toUpperCase()}`;
    const failedMessageList: unknown[] = [];
    const messageList: unknown[] = [];
    for (const item of list as Record<string, unknown>[]) {
      const to = String(item.to ?? "");
      const kakaoOptions = item.kakaoOptions as FakeMessage["kakaoOptions"];
      const messageId = `M4V${crypto.randomBytes(8).toString("hex").toUpperCase()}`;
      const type = item.type ? String(item.type) : Buffer.byteLength(String(item.text ?? ""), "utf8") > 135 ? "LMS" : "SMS";
      const refusedNumber = refusals.get(to);
      const refusal =
        refusedNumber && (!refusedNumber.onlyType || refusedNumber.onlyType === type)
          ? { statusCode: refusedNumber.statusCode, statusMessage: refusedNumber.statusMessage }
          : type === "ATA" && (!kakaoOptions?.pfId || !kakaoOptions.templateId)
            ? { statusCode: "1062", statusMessage: "알림톡 템플릿 ID가 필요합니다." }
            : undefined;
      const base = {
        to,
        from: String(item.from ?? ""),
        type,
        country: "82",
        messageId,
        accountId: "FAKEACCOUNT",
        customFields: item.customFields,
      };
      if (refusal) {
        failedMessageList.push({ ...base, ...refusal });
        continue;
      }
      messages.set(messageId, {
        messageId,
        groupId,
        type,
        to,
        from: base.from,
        text: String(item.text ?? ""),
        kakaoOptions,
        customFields: item.customFields as FakeMessage["customFields"],
        statusCode: "2000",
      });
      messageList.push({ messageId, statusCode: "2000", statusMessage: "정상 접수(이통사로 접수 예정) ", customFields: item.customFields });
    }
    const count = {
      total: list.length,
      sentTotal: 0,
      sentFailed: 0,
      sentSuccess: 0,
      sentPending: 0,
      sentReplacement: 0,
      refund: 0,
      registeredFailed: failedMessageList.length,
      registeredSuccess: messageList.length,
    };
    return [200, { failedMessageList, groupInfo: { groupId, count, status: "SENDING" }, messageList }];
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    apiSecret,
    requests,
    messages,
    answerNext(status, body) {
      next = { status, body };
    },
    refuse(to, statusCode, statusMessage, onlyType) {
      refusals.set(to, { statusCode, statusMessage, onlyType });
    },
    report(messageId, change) {
      const message = messages.get(messageId);
      if (!message) throw new Error(`The fake has no message ${messageId}`);
      Object.assign(message, change);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** SOLAPI's check of `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`; null when it holds. */
function authenticate(header: string | undefined, apiKey: string, apiSecret: string) {
  const fields = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(header ?? "");
  if (!fields) return { errorCode: "InvalidAuthorizationHeader", errorMessage: "Authorization 헤더 형식이 올바르지 않습니다." };
  const [, key, date, salt, signature] = fields;
  if (key !== apiKey) return { errorCode: "InvalidAPIKey", errorMessage: "API Key가 올바르지 않습니다." };
  if (Math.abs(Date.now() - new Date(date!).getTime()) > SIGNATURE_WINDOW_MS)
    return { errorCode: "RequestTimeTooSkewed", errorMessage: "요청 시각이 15분 이상 차이 납니다." };
  const expected = crypto
    .createHmac("sha256", apiSecret)
    .update(date! + salt!)
    .digest("hex");
  if (expected !== signature) return { errorCode: "SignatureDoesNotMatch", errorMessage: "서명이 일치하지 않습니다." };
  return null;
}
