import { z } from "zod";
import { isCalendarDay } from "#app/utils/kst.ts";
import { AUDIT_ACTIONS, type AuditAction, type AuditChain, type AuditChainProblem } from "#app/vocabulary.ts";
import { withoutControlCharacters } from "./text.ts";
import { wholeNumber } from "./numbers.ts";

/** The access records' words and forms (/admin/audit). Client-safe. */

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "auth.sign-in": "로그인",
  "auth.sign-out": "로그아웃",
  "auth.sign-out-everywhere": "모든 기기에서 로그아웃",
  "auth.password": "비밀번호 변경",
  "auth.second-factor": "2단계 인증 등록",
  "leads.list": "고객 목록 조회",
  "leads.search": "고객 검색",
  "lead.view": "고객 상세 조회",
  "lead.reveal-phone": "가린 연락처 보기",
  "lead.status": "상태 변경",
  "lead.note": "메모 작성",
  "lead.assign": "담당자 배정",
  "lead.text": "고객에게 문자 발송",
  "lead.contact": "연락 기록",
  "lead.grade": "가망 등급 변경",
  "lead.follow-up": "다음 연락 일정 변경",
  "customer.view": "고객 상세 조회",
  "consent.withdraw": "광고 수신 거부 등록",
  "consent.upload": "080 수신거부 목록 반영",
  "lead.delete": "삭제(휴지통)",
  "lead.restore": "휴지통에서 되살림",
  "lead.destroy": "파기",
  "leads.export": "내려받기",
  "leads.import": "고객 가져오기",
  "visits.view": "방문 예약 조회",
  "visits.change": "방문 예약 변경",
  "outbox.view": "문자 발송 조회",
  "console.settings": "관리 설정 변경",
  "campaign.create": "캠페인 문자 작성",
  "campaign.test": "캠페인 문자 시험 발송",
  "campaign.send": "캠페인 문자 발송·예약",
  "campaign.pause": "캠페인 문자 일시 정지",
  "campaign.resume": "캠페인 문자 다시 보내기",
  "campaign.cancel": "캠페인 문자 취소",
  "campaign.prices": "문자 단가 변경",
  "lead.transfer": "고객 이관",
  "customer.merge": "고객 기록 합치기",
  "blocklist.change": "차단 번호 변경",
  "channel.change": "유입 채널 변경",
  "channel.spend": "채널 광고비 입력",
  "prices.change": "분양가·납부 일정 변경",
  "content.ad-copy-confirm": "광고 문구 경고 확인 후 게시",
  "units.view": "동호수 현황 조회(홀드 고객 이름)",
  "units.import": "동호수 배치표 가져오기",
  "units.change": "동호수 변경(수정·홀드·계약)",
  "units.settings": "잔여세대 설정 변경",
  "staff.create": "계정 생성(서버 명령)",
  "staff.invite": "직원 초대",
  "staff.role": "역할 변경",
  "staff.sites": "맡은 사이트 변경",
  "staff.disable": "계정 사용 중지",
  "staff.enable": "계정 다시 사용",
  "staff.reset-second-factor": "2단계 인증 초기화",
  "staff.name": "이름 변경",
  "audit.view": "접속 기록 조회",
  "audit.review": "월별 점검 완료",
};

export const AUDIT_CHAIN_LABELS: Record<AuditChain, string> = {
  access: "개인정보 처리 기록",
  rights: "접근 권한 변경 기록",
};

/** What the page says of a chain that still holds: nothing was changed behind the console's back. */
export const AUDIT_CHAIN_INTACT = "변경 없음";

/** What the page says of the first record that does not fit its chain. */
export const AUDIT_CHAIN_PROBLEM_TEXT: Record<AuditChainProblem, (recordId: number) => string> = {
  "broken-link": (id) => `#${id} 기록 바로 앞의 기록이 지워졌거나 바뀌었습니다.`,
  "rewritten-unkeyed": (id) => `#${id} 기록부터 키 없이 다시 계산되었습니다. 누군가 기록을 고쳐 썼습니다.`,
  "unknown-algorithm": (id) => `#${id} 기록의 해시 방식을 알 수 없습니다.`,
  altered: (id) => `#${id} 기록의 내용이 바뀌었습니다.`,
  cut: (id) => `마지막 기록 #${id}까지 이어지지 않습니다. 끝부분의 기록이 지워졌습니다.`,
};

export const REVIEW_MESSAGES = {
  month: "점검할 달을 확인해 주세요.",
  note: "메모는 500자 이내로 적어 주세요.",
  notEnded: "끝난 달만 점검 완료로 표시할 수 있습니다.",
} as const;

const day = z
  .string()
  .optional()
  .transform((value) => (value && isCalendarDay(value) ? value : undefined));

/** The record filter, from the page's query string; anything unreadable is simply no filter. */
export const AuditFilterSchema = z.object({
  person: wholeNumber().optional().catch(undefined),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  lead: wholeNumber().optional().catch(undefined),
  from: day.catch(undefined),
  to: day.catch(undefined),
  before: wholeNumber().optional().catch(undefined),
});

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const ReviewFormSchema = z.object({
  month: z.string(REVIEW_MESSAGES.month).regex(MONTH_PATTERN, REVIEW_MESSAGES.month),
  note: z
    .string()
    .overwrite(withoutControlCharacters)
    .trim()
    .max(500, REVIEW_MESSAGES.note)
    .optional()
    .transform((value) => value ?? ""),
});

/** "2026-11" → "2026년 11월". */
export function monthLabel(month: string) {
  const [year, number] = month.split("-");
  return `${year}년 ${Number(number)}월`;
}
