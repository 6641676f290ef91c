/**
 * fetchBaseQuery builds a `Request` from a path, which Node's Request rejects; give
 * relative paths the page's origin as a browser would. Returns the real Request.
 */
export function stubRelativeRequests(): typeof Request {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
      }
    },
  );
  return NodeRequest;
}
