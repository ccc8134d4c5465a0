import { describe, expect, test } from "vitest";
import { clientAddress } from "./client-address.ts";

describe("the client's address", () => {
  test("is the socket's peer unless proxies are trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress({ socketAddress: "::ffff:203.0.113.9", forwardedFor: "198.51.100.1", trustProxy: 0 })).toBe("203.0.113.9");
  });

  test("behind one trusted proxy, is the entry that proxy appended, not one the client wrote", () => {
    expect(clientAddress({ socketAddress: "10.0.0.2", forwardedFor: "1.2.3.4, 203.0.113.9", trustProxy: 1 })).toBe("203.0.113.9");
    expect(clientAddress({ socketAddress: "10.0.0.2", forwardedFor: ["1.2.3.4", "203.0.113.9, 10.0.0.1"], trustProxy: 2 })).toBe(
      "203.0.113.9",
    );
  });

  test("falls back to the socket when a trusted proxy sent no header", () => {
    expect(clientAddress({ socketAddress: "10.0.0.2", forwardedFor: undefined, trustProxy: 1 })).toBe("10.0.0.2");
  });
});
