export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  method?: string;
  /** JSON-encoded unless it is a string (sent as-is) or FormData. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** Real HTTP against a test server; every reply body is parsed as JSON (the API never sends anything else). */
export function httpClient(baseUrl: string) {
  return async function request<T = Record<string, unknown>>(
    pathname: string,
    options: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | FormData | undefined;
    if (options.body instanceof FormData || typeof options.body === 'string') {
      body = options.body;
      if (typeof options.body === 'string') headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { raw: text };
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
}
