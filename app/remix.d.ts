import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    /** The client's address as the server sees it (X-Forwarded-For only with TRUST_PROXY). */
    clientIp: string;
    /** This response's Content-Security-Policy nonce, for Remix's inline scripts. */
    cspNonce?: string;
  }
}
