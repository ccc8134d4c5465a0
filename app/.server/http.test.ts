import { describe, expect, test } from "vitest";
import { baselineSecurityHeaders, documentCsp } from "./http.ts";

describe("security headers", () => {
  test("HSTS is sent in production only", () => {
    expect(baselineSecurityHeaders({ production: true })["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(baselineSecurityHeaders({ production: false })["Strict-Transport-Security"]).toBeUndefined();
  });

  test("the document policy allows scripts by nonce only and frames from the named origins only", () => {
    const csp = documentCsp({ nonce: "abc", frameOrigins: ["https://vr.example.com"], production: true });
    expect(csp).toContain("script-src 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-src https://vr.example.com");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(documentCsp({ nonce: "abc", frameOrigins: [], production: false })).toContain("frame-src 'none'");
  });

  test("an ad or analytics tag opens exactly its own hosts, and none opens nothing", () => {
    const plain = documentCsp({ nonce: "abc", frameOrigins: [], production: false });
    expect(documentCsp({ nonce: "abc", frameOrigins: [], production: false, analytics: {} })).toBe(plain);
    const meta = documentCsp({ nonce: "abc", frameOrigins: [], production: false, analytics: { metaPixelId: "123456789012345" } });
    expect(meta).toContain("script-src 'nonce-abc' 'strict-dynamic' https://connect.facebook.net");
    expect(meta).toContain("img-src 'self' data: https://www.facebook.com");
    expect(meta).toContain("connect-src 'self' https://www.facebook.com");
    expect(meta).not.toContain("google");
  });
});
