/**
 * A stand-in for XMLHttpRequest in component tests (lib/api-upload.ts's `sendWithProgress`): each
 * request is handed to `respond`, which may report upload progress and send the reply in parts, as a
 * browser would for a streamed (NDJSON) reply. Install with `vi.stubGlobal('XMLHttpRequest', fakeXhr(…))`.
 */
export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Upload progress: `loaded` of `total` bytes sent. */
  uploaded(loaded: number, total: number): void;
  /** More of the reply's text arrives (the status is set by the first part). */
  part(status: number, text: string): void;
  /** The reply is complete. */
  end(): void;
}

export function fakeXhr(respond: (request: FakeRequest) => void | Promise<void>) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
      {};
    onprogress?: () => void;
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private method = 'GET';
    private path = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, path: string) {
      this.method = method;
      this.path = path;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: string) {
      const request: FakeRequest = {
        method: this.method,
        path: this.path,
        headers: this.headers,
        body: String(body),
        uploaded: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        part: (status, text) => {
          this.status = status;
          this.responseText += text;
          this.onprogress?.();
        },
        end: () => this.onload?.(),
      };
      void Promise.resolve().then(() => respond(request));
    }
  };
}
