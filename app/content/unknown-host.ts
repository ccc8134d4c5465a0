/**
 * The page a host no site claims gets outside production (server/unknown-host.ts): usually a local
 * run opened at an address other than the one configured, so it names the addresses that work.
 */
export const unknownHostCopy = {
  title: "이 주소로는 사이트가 열리지 않습니다",
  lead: (host: string) =>
    host
      ? `이 서버에는 ${host} 주소로 보여 드릴 사이트가 없습니다. 아래 주소로 접속해 주세요.`
      : "이 서버에는 요청하신 주소로 보여 드릴 사이트가 없습니다. 아래 주소로 접속해 주세요.",
  configured: "사이트의 주소는 서버 설정 SITES(사이트가 하나면 SITE_URL)로 정합니다.",
  productionNote: "운영 서버(NODE_ENV=production)에서는 이 안내 없이 404만 응답합니다.",
};
