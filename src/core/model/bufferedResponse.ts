/** How a Response is made from bytes already read. */
export interface BufferedResponseInit {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
}

/**
 * A Response over bytes already read. json() and text() decode them straight from the Buffer, and the body
 * stream (undici's Response with its ReadableStream, which costs more than the request itself on a fast
 * local server) is made only when something reads it: the openai client reads status, headers and json().
 */
export class BufferedResponse implements Response {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly redirected = false;
  readonly type: Response['type'] = 'basic';
  readonly url = '';
  private streamed: Response | undefined;

  constructor(
    private readonly buffered: Buffer,
    init: BufferedResponseInit,
  ) {
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.ok = init.status >= 200 && init.status <= 299;
  }

  /** The same bytes as a standard Response, for the readers this class does not serve itself. */
  private get standard(): Response {
    // A view of the bytes for the typings (Response copies a BufferSource when it is made).
    this.streamed ??= new Response(
      new Uint8Array(this.buffered.buffer as ArrayBuffer, this.buffered.byteOffset, this.buffered.byteLength),
      {
        status: this.status,
        statusText: this.statusText,
        headers: this.headers,
      },
    );
    return this.streamed;
  }

  get body(): Response['body'] {
    return this.standard.body;
  }

  get bodyUsed(): boolean {
    return this.streamed?.bodyUsed ?? false;
  }

  text(): Promise<string> {
    return Promise.resolve(utf8Text(this.buffered));
  }

  // A body that is not JSON rejects, as fetch's json() does.
  json(): Promise<unknown> {
    return new Promise((resolve) => resolve(JSON.parse(utf8Text(this.buffered)) as unknown));
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.standard.arrayBuffer();
  }

  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  }

  blob(): Promise<Blob> {
    return this.standard.blob();
  }

  formData(): Promise<FormData> {
    return this.standard.formData();
  }

  clone(): Response {
    return this.standard.clone();
  }
}

/** As fetch's text(): UTF-8, a leading byte-order mark dropped. */
function utf8Text(bytes: Buffer): string {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', bom ? 3 : 0);
}
