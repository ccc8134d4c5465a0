// The attack families of fuzz.js, sent one at a time in a fixed order after its random requests:
// form-token replays, phone takeovers, impossible dates, unusual request lines, out-of-range
// numbers, control characters in links, oversized bodies, then cross-site posts (last: an
// accepted one may sign the administrator out or delete records). Every request is
// recorded with its family and what it tried; fuzz.js counts them and judges the statuses.
import { Secret, TOTP } from "otpauth";
import { parseVisitSlots } from "./lead-load.js";
import { send, sendRaw } from "./raw-request.js";

const FORM = "application/x-www-form-urlencoded";
const MB = 1024 * 1024;
/** A well-formed visit link whose signature is wrong: the page action runs, the booking is not found. */
const VISIT_LINK = "/daegu/visit/1.AAAAAAAAAAAAAAAAAAAAAA";

/** Every route whose action could read a request body. */
const BODY_ROUTES = [
  "/actions/interest",
  "/actions/visit",
  "/actions/inquiry",
  "/daegu/customer",
  "/Promotion/Customer",
  "/admin/login",
  "/daegu/press",
  "/admin/press/new",
  "/admin/press/1",
  VISIT_LINK,
  "/admin/leads",
  "/admin/leads/1",
  "/admin/notifications",
  "/admin/visits",
  "/admin/leads/export.csv",
  "/admin/leads/bin",
  "/admin/staff",
  "/admin/audit",
  "/admin/account",
  "/admin/login/code",
  "/admin/enrol",
];

/** Past the lead forms' 32 KB and the server's 1 MB of dropped body; the big one streamed without a length. */
const OVERSIZED = [
  ["Content-Length 1 MB", { bytes: MB, contentLength: true }],
  ["chunked 1 MB", { bytes: MB }],
  ["chunked 50 MB", { bytes: 50 * MB }],
];

const IMPOSSIBLE_DATES = [
  "/admin/leads?from=2026-02-31",
  "/admin/visits?from=2026-13-01",
  "/admin/leads/export?to=2026-02-30",
  "/admin/visits?day=2026-02-29",
  "/admin/leads?from=0000-00-00&to=99999-01-01",
];

/** Request lines no browser sends, written on a socket (HOST is replaced by the server's host). */
const UNUSUAL_LINES = [
  "TRACE / HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "TRACE /admin HTTP/1.1\r\nHost: HOST\r\nMax-Forwards: 0\r\nConnection: close\r\n\r\n",
  "OPTIONS * HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "OPTIONS / HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "PROPFIND / HTTP/1.1\r\nHost: HOST\r\nDepth: 1\r\nConnection: close\r\n\r\n",
  "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n",
  "GET http://evil.example/ HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "GET http://evil.example/admin/leads HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "POST http://evil.example/actions/interest HTTP/1.1\r\nHost: HOST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
  "GET http://HOST/privacy HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
  "GET ftp://HOST/ HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "GET * HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "GET / HTTP/1.0\r\n\r\n",
  "GET /admin HTTP/1.0\r\n\r\n",
  "POST /actions/visit HTTP/1.0\r\nContent-Length: 0\r\n\r\n",
  "GET /healthz HTTP/1.0\r\n\r\n",
  "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
  "GET /%zz HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "GET /admin/leads/%E0%A4%A HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n",
  "FOO / HTTP/1.1\r\nHost: HOST\r\n\r\n",
  "GET / HTTP/9.9\r\nHost: HOST\r\n\r\n",
  "GET /a b HTTP/1.1\r\nHost: HOST\r\n\r\n",
  "\u0001\u0002 / HTTP/1.1\r\nHost: HOST\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: HOST\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: HOST\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\nConnection: close\r\n\r\n0\r\n\r\n",
];

/** A popup as the console's form posts it (the link and the order are what the attacks change). */
const POPUP = {
  intent: "save",
  title: "퍼즈 팝업",
  body: "",
  linkUrl: "",
  startDay: "2026-01-01",
  startTime: "09:00",
  endDay: "2026-01-02",
  endTime: "18:00",
  sortOrder: "0",
  devices: "all",
};

/** Past the integer column (2^31), negative, past a double, a fraction, a word. */
const OUT_OF_RANGE = ["2147483648", "-1", "1e309", "1.5", "abc", "99999999999999999999"];

/** Every number the console reads: [label, request for a value] (the posts carry the site's Origin and the session). */
const NUMERIC_INPUTS = [
  ...[
    "leads/N",
    "leads/N/delete",
    "leads/N/text",
    "customers/N",
    "press/N",
    "press/N/delete",
    "schedule/N",
    "schedule/N/delete",
    "popups/N",
  ].map((pattern) => [
    `/admin/${pattern}`,
    (value) => ({ method: "GET", path: `/admin/${pattern.replace("N", encodeURIComponent(value))}` }),
  ]),
  ...[
    "audit?person=",
    "audit?lead=",
    "audit?before=",
    "notifications?before=",
    "press?saved=saved&id=",
    "popups?saved=",
    "leads/bin?restored=",
  ].map((query) => [`/admin/${query}`, (value) => ({ method: "GET", path: `/admin/${query}${encodeURIComponent(value)}` })]),
  [
    "/admin/leads?after=",
    (value) => ({ method: "GET", path: `/admin/leads?after=${Buffer.from(`2026-01-01 00:00:00+00|${value}`).toString("base64url")}` }),
  ],
  [
    "/admin/press?after=",
    (value) => ({ method: "GET", path: `/admin/press?after=2026-01-01T00:00:00.000000Z_${encodeURIComponent(value)}` }),
  ],
  ...[
    ["/admin/staff", (value) => ({ intent: "role", adminId: value, role: "manager" })],
    ["/admin/staff", (value) => ({ intent: "disable", adminId: value })],
    ["/admin/staff", (value) => ({ intent: "reinvite", adminId: value })],
    ["/admin/leads/1", (value) => ({ intent: "assign", assignee: value })],
    ["/admin/leads", (value) => ({ intent: "assign", assignee: value, ids: "1" })],
    ["/admin/leads", (value) => ({ intent: "assign", assignee: "", ids: value })],
    ["/admin/leads/bin", (value) => ({ intent: "restore", id: value })],
    ["/admin/notifications", (value) => ({ intent: "retry", id: value })],
    ["/admin/site-settings", (value) => ({ intent: "revert", change: value })],
    ["/admin/visits", (value) => ({ intent: "capacity", slotId: value, capacity: "3" })],
    ["/admin/visits", (value) => ({ intent: "capacity", slotId: "1", capacity: value })],
    ["/admin/visits", (value) => ({ intent: "attendance", bookingId: value, status: "visited", shown: "booked" })],
    ["/admin/visits", (value) => ({ intent: "move-booking", bookingId: "1", slotId: value })],
    ["/admin/popups/new", (value) => ({ ...POPUP, sortOrder: value })],
  ].map(([path, fields]) => [
    `${path} (${fields("N").intent ?? Object.keys(fields("N")).find((name) => fields("N")[name] === "N")})`,
    (value) => post(path, fields(value)),
  ]),
];

/** Links a browser would open on another host once it drops tabs and newlines and reads "\\" as "/". */
const HOSTILE_LINKS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/\\evil.example",
  "/\t\\evil.example",
  "\\\\evil.example",
  "//evil.example",
  "java\tscript:alert(1)",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http://evil.example",
  "https://user:pass@evil.example",
  "/\u0000/evil.example",
];

/** Paths with control characters and slashes that a careless redirect would send to another host. */
const REDIRECT_PATHS = [
  "//evil.example/",
  "//evil.example/%2e%2e",
  "/%09/evil.example",
  "/%5Cevil.example",
  "/%2F%2Fevil.example",
  "/brand/INTRO/%2F%2Fevil.example",
  "/Promotion/Press/..%2F%2Fevil.example",
  "/admin/login?returnTo=%09//evil.example",
  "/admin/login?returnTo=/%5Cevil.example",
  "/admin/login?returnTo=//evil.example",
];

export const OVERSIZED_FAMILY = "oversized bodies";
export const CROSS_SITE_FAMILY = "cross-site posts";

const post = (path, fields, headers) => ({
  method: "POST",
  path,
  headers: { "content-type": FORM, ...headers },
  body: new URLSearchParams(fields).toString(),
});

const sessionCookie = (answer) =>
  [answer.headers["set-cookie"] ?? []]
    .flat()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.startsWith("__session=") && cookie.length > "__session=".length);

// What each account's first sign-in enrolled: its key and its unused recovery codes.
const enrolled = new Map();

/**
 * Signs in as a browser on the site would, both steps; answers the session cookie, or throws.
 * The first sign-in of the account enrols its second factor (the key read off the enrolment page,
 * the code computed as an authenticator app would); later ones use its recovery codes, each good
 * once and never refused for being in the same 30-second step as the last (as codes are).
 */
export async function signIn(baseUrl, admin) {
  const origin = new URL(baseUrl).origin;
  const password = await send(baseUrl, post("/admin/login", admin, { origin }));
  const half = sessionCookie(password);
  if (!half) throw new Error(`Signing in on /admin/login answered ${password.status} without a session cookie`);
  const known = enrolled.get(admin.email);
  if (!known) {
    const page = await send(baseUrl, { method: "GET", path: "/admin/enrol", headers: { cookie: half } }, { readBody: true });
    const key = /data-testid="totp-key" data-key="([A-Z2-7]+)"/.exec(page.text)?.[1];
    const offer = /name="offer" value="([^"]+)"/.exec(page.text)?.[1];
    if (!key || !offer) throw new Error(`The enrolment page answered ${page.status} without a key to enrol`);
    const code = new TOTP({ secret: Secret.fromBase32(key), algorithm: "SHA1", digits: 6, period: 30 }).generate();
    const done = await send(baseUrl, post("/admin/enrol", { offer, code }, { origin, cookie: half }), { readBody: true });
    const cookie = sessionCookie(done);
    const recoveryCodes = [...done.text.matchAll(/<li[^>]*><code>([a-z0-9-]+)<\/code><\/li>/g)].map((match) => match[1]);
    if (!cookie || recoveryCodes.length === 0) throw new Error(`Enrolling a second factor answered ${done.status} without a session`);
    enrolled.set(admin.email, { recoveryCodes });
    return cookie;
  }
  const code = known.recoveryCodes.shift();
  if (!code) throw new Error("The fuzz account has used all ten recovery codes");
  const answer = await send(baseUrl, post("/admin/login/code", { code, recovery: "1" }, { origin, cookie: half }));
  const cookie = sessionCookie(answer);
  if (!cookie) throw new Error(`The code step answered ${answer.status} without a session cookie`);
  return cookie;
}

/**
 * Sends every family; resolves with the recorded requests and the phone number the takeover
 * family tried to take over, with the times involved, for a look at its bookings afterwards.
 */
export async function runAttacks({ baseUrl, admin, nextPhone, script, outOfRangePerInput = OUT_OF_RANGE.length }) {
  const own = new URL(baseUrl).origin;
  const port = Number(new URL(baseUrl).port);
  const results = [];
  const attempt = async (family, label, request, options) => {
    const answer = await send(baseUrl, request, options);
    results.push({ family, label, status: answer.status, timedOut: answer.timedOut });
    return answer;
  };
  let submissions = 0;
  const lead = (phone = nextPhone()) => ({
    name: "퍼즈",
    phone,
    consent: "yes",
    _gotcha: "",
    _submission: `fuzz-${phone}-${++submissions}`.padEnd(16, "0"),
  });

  const page = await send(baseUrl, { method: "GET", path: "/daegu/customer", headers: {} }, { readBody: true });
  // The last days first: today's times may pass during the run.
  const slots = parseVisitSlots(page.text).reverse();
  if (slots.length < 9) throw new Error(`The visit page offers ${slots.length} open times; the attacks need 9`);
  const firstDay = slots.at(-1).day;

  // --- Replays of one form token ---
  const replay = "form-token replays";
  const issued = await send(
    baseUrl,
    { method: "GET", path: "/actions/interest", headers: { accept: "application/json" } },
    { readBody: true },
  );
  const token = JSON.parse(issued.text || "{}").token ?? "";
  const asSite = { origin: own, accept: "application/json" };
  await attempt(replay, "first use of a token", post("/actions/interest", { ...lead(), _token: token }, asSite));
  await attempt(replay, "the same token again", post("/actions/interest", { ...lead(), _token: token }, asSite));
  await attempt(
    replay,
    "the same token from another client",
    post("/actions/interest", { ...lead(), _token: token }, { ...asSite, "user-agent": "another browser" }),
  );
  await attempt(replay, "the registration token on the inquiry form", post("/actions/inquiry", { ...lead(), _token: token }, asSite));
  await attempt(
    replay,
    "a token with a forged signature",
    post("/actions/interest", { ...lead(), _token: `${token.split(".")[0]}.${"A".repeat(22)}` }, asSite),
  );

  // --- Phone takeover: another client uses a visitor's number ---
  const takeover = "phone takeover";
  const victim = nextPhone();
  const [first, other, toFill] = slots;
  const visitorBrowser = { ...asSite, "user-agent": "Mozilla/5.0 (the visitor)" };
  const otherBrowser = { ...asSite, "user-agent": "Mozilla/5.0 (someone else)", "x-forwarded-for": "203.0.113.7" };
  const visit = (slot, phone, headers, path = "/actions/visit") =>
    post(path, { ...lead(phone), visitSlot: slot.id, visitDate: slot.day }, headers);
  await attempt(takeover, "the visitor books a time", visit(first, victim, visitorBrowser));
  await attempt(takeover, "the visitor registers", post("/actions/interest", lead(victim), visitorBrowser));
  await attempt(takeover, "another client books another time with the visitor's phone", visit(other, victim, otherBrowser));
  await attempt(takeover, "another client registers with the visitor's phone", post("/actions/interest", lead(victim), otherBrowser));
  for (let place = 0; place < toFill.left; place++)
    await attempt(`${takeover} (filling a time)`, "a booking", visit(toFill, nextPhone(), asSite));
  await attempt(takeover, "another client books a full time with the visitor's phone", visit(toFill, victim, otherBrowser));
  await attempt(takeover, "the same by a plain form post", visit(toFill, victim, otherBrowser, "/daegu/customer"));
  await attempt(takeover, "another client books the visitor's first time with the visitor's phone", visit(first, victim, otherBrowser));

  let session = await signIn(baseUrl, admin);

  // --- Impossible dates in the admin filters ---
  const dates = "impossible dates";
  for (const path of IMPOSSIBLE_DATES) {
    await attempt(dates, `${path} without a session`, { method: "GET", path, headers: {} });
    await attempt(dates, `${path} signed in`, { method: "GET", path, headers: { cookie: session } });
  }

  // --- Unusual request lines: methods, targets and framings no browser sends ---
  const host = new URL(baseUrl).host;
  for (const text of UNUSUAL_LINES) {
    const raw = text.replaceAll("HOST", host);
    const answer = await sendRaw(baseUrl, raw);
    results.push({
      family: "unusual request lines",
      label: JSON.stringify(raw.split("\r\n")[0]),
      status: answer.status,
      timedOut: answer.timedOut,
    });
  }

  // --- Numbers no integer column can hold, in every console URL and form ---
  // Every value at every input, or (a short run) `outOfRangePerInput` of them at each, taken in
  // turn, so that every value still reaches some inputs of each kind (paths, queries, posts).
  for (const [index, [label, request]] of NUMERIC_INPUTS.entries()) {
    const values = Array.from(
      { length: outOfRangePerInput },
      (_, k) => OUT_OF_RANGE[(index * outOfRangePerInput + k) % OUT_OF_RANGE.length],
    );
    for (const value of values) {
      const made = request(value);
      made.headers = { ...made.headers, origin: own, cookie: session };
      await attempt("out-of-range numbers", `${label} = ${value}`, made);
    }
  }

  // --- Control characters in links: the office's links, and paths a redirect could send away ---
  const links = "control characters in links";
  for (const linkUrl of HOSTILE_LINKS) {
    await attempt(
      links,
      `popup link ${JSON.stringify(linkUrl)}`,
      post("/admin/popups/new", { ...POPUP, linkUrl }, { origin: own, cookie: session }),
    );
    for (const field of ["mobileConsultUrl", "kakaoChannelUrl"])
      await attempt(
        links,
        `${field} ${JSON.stringify(linkUrl)}`,
        post("/admin/site-settings", { intent: "save", [field]: linkUrl }, { origin: own, cookie: session }),
      );
  }
  for (const path of REDIRECT_PATHS) {
    const answer = await send(baseUrl, { method: "GET", path, headers: { cookie: session } });
    const location = answer.headers.location;
    const offSite = location !== undefined && URL.canParse(location, baseUrl) && new URL(location, baseUrl).host !== host;
    results.push({
      family: links,
      label: `GET ${path}${offSite ? ` → ${location}` : ""}`,
      status: answer.status,
      timedOut: answer.timedOut,
      offSite,
    });
  }

  // --- Oversized bodies, as the site itself and signed in, so each route gets as far as reading ---
  for (const path of BODY_ROUTES) {
    for (const [label, stream] of OVERSIZED) {
      const request = { method: "POST", path, headers: { "content-type": FORM, origin: own, cookie: session }, stream };
      await attempt(OVERSIZED_FAMILY, `${path} ${label}`, request, { timeoutMs: 60_000 });
    }
  }

  // --- Cross-site posts, each carrying the administrator's session as a browser would ---
  const origins = [
    ["Origin https://evil.example", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site cross-site, no Origin", { "sec-fetch-site": "cross-site" }],
    ["Origin of another scheme", { origin: `https://localhost:${port}` }],
    ["Origin of another port", { origin: `http://localhost:${port + 1}` }],
    ["Origin with userinfo", { origin: `http://user@localhost:${port}` }],
    ["Origin null", { origin: "null" }],
  ];
  for (const [index, [variant, headers]] of origins.entries()) {
    // A post accepted in the previous round may have ended the session.
    session = await signIn(baseUrl, admin);
    const slot = slots[3 + index];
    const article = { title: script, summary: script, content: script };
    const actions = [
      ["/actions/interest", lead()],
      ["/actions/inquiry", { ...lead(), message: script }],
      ["/actions/visit", { ...lead(), visitSlot: slot.id, visitDate: slot.day }],
      ["/daegu/customer", { ...lead(), visitSlot: slot.id, visitDate: slot.day }],
      ["/Promotion/Customer", { ...lead(), message: script }],
      ["/admin/press/new", { intent: "save", publication: "now", ...article }],
      ["/admin/press/1", { intent: "save", publication: "now", ...article }],
      [VISIT_LINK, {}],
      ["/admin/leads", { q: "010" }],
      ["/admin/leads/1", { intent: "status", status: "contacted", shown: "new" }],
      ["/admin/leads/1", { intent: "reveal" }],
      ["/admin/leads/export.csv", { purpose: "contact", reason: script, columns: "phone" }],
      ["/admin/leads/bin", { intent: "restore", id: "1" }],
      [
        "/admin/staff",
        { intent: "invite", name: "공격자", email: `x${index}@evil.example`, mobile: "010-1234-5678", role: "owner", sites: "daegu" },
      ],
      ["/admin/audit", { month: "2020-01", note: script }],
      ["/admin/notifications", { intent: "retry", id: "1" }],
      ["/admin/visits", { intent: "close-day", day: firstDay }],
      ["/admin/leads/1/delete", {}],
      ["/admin/press/1/delete", {}],
      // Accepted, these end the session the post carries: last.
      ["/admin/account", { intent: "sign-out-everywhere" }],
      ["/admin/login", admin],
      ["/daegu/press", { intent: "logout" }],
      ["/admin/logout", {}],
    ];
    for (const [path, fields] of actions) {
      const label = `${variant}: ${path}${fields.intent ? ` (${fields.intent})` : ""}`;
      await attempt(CROSS_SITE_FAMILY, label, post(path, fields, { ...headers, cookie: session }));
    }
  }

  return { results, victim: { phone: victim, slots: { first: first.id, other: other.id, full: toFill.id } } };
}
