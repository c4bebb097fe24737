/**
 * Reads an endpoint's HTTP/1.1 answer from the bytes of its connection, as node:http's
 * parser would: the status line and headers, then a body framed by Content-Length, by
 * chunks, or by the end of the connection; informational (1xx) answers are skipped. It
 * says whether the connection can carry the next delivery. Pure (bytes in, answer out), so
 * every framing and every malformed answer is tested without a socket.
 */

/** An answer read whole. */
export interface ReadAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  /** Whether the connection may be used again (keep-alive, the body framed, nothing after it). */
  reusable: boolean;
}

/** node:http's largest header section. */
const MAX_HEAD_BYTES = 16 * 1024;
/** A chunk-size line is a few hex digits and maybe an extension; anything longer is not one. */
const MAX_LINE_BYTES = 4 * 1024;
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [^\r\n]*)?$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// eslint-disable-next-line no-control-regex -- a header value must not hold control characters but tab.
const BAD_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;
const HEX = /^[0-9A-Fa-f]+$/;
/** Headers node:http keeps the first of when an answer repeats them. */
const SINGLE_HEADERS = new Set([
  'age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since',
  'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer', 'retry-after',
  'server', 'user-agent',
]);

type State = 'head' | 'fixed' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'until-close' | 'done';

/** An answer node:http would refuse to parse, with its parser's kind of code. */
export function malformed(code: string, message: string): Error {
  return Object.assign(new Error(`Parse Error: ${message}`), { code });
}

/** The connection ended first: before any answer ("socket hang up") or inside one ("aborted"), as node:http says. */
function cutOff(started: boolean): Error {
  return Object.assign(new Error(started ? 'aborted' : 'socket hang up'), { code: 'ECONNRESET' });
}

export class AnswerReader {
  private state: State = 'head';
  private pending: Buffer | null = null;
  private started = false;
  private status = 0;
  private keepAlive = true;
  /** Whether the body's end is marked (a length, chunks, or no body) rather than the connection's end. */
  private framed = true;
  private fields = new Map<string, string>();
  private remaining = 0;
  private size = 0;
  private readonly chunks: Buffer[] = [];

  /** `tooLarge` makes the error thrown once the body passes `maxBodyBytes`. */
  constructor(private readonly maxBodyBytes: number, private readonly tooLarge: () => Error) {}

  /** Takes the next bytes; answers the answer once it is complete. Throws on a malformed answer. */
  feed(chunk: Buffer): ReadAnswer | undefined {
    if (chunk.length > 0) this.started = true;
    let data = chunk;
    if (this.pending !== null) {
      data = Buffer.concat([this.pending, chunk]);
      this.pending = null;
    }
    let at = 0;
    while (this.state !== 'done') {
      if (this.state === 'until-close') {
        this.addBody(data.subarray(at));
        return undefined;
      }
      const next = this.step(data, at);
      if (next === undefined) return undefined;
      at = next;
    }
    return this.answer(at < data.length);
  }

  /** The connection ended: the answer if it was framed by the end, else why it is incomplete. */
  end(): ReadAnswer {
    if (this.state === 'until-close') {
      this.state = 'done';
      return this.answer(true);
    }
    throw cutOff(this.started);
  }

  /** Reads one piece at `at`; the offset after it, or undefined when more bytes are needed (kept). */
  private step(data: Buffer, at: number): number | undefined {
    switch (this.state) {
      case 'head': {
        const end = data.indexOf('\r\n\r\n', at);
        if (end === -1) return this.wait(data, at, MAX_HEAD_BYTES, 'HPE_HEADER_OVERFLOW', 'Header overflow');
        this.readHead(data.toString('latin1', at, end));
        return end + 4;
      }
      case 'fixed':
      case 'chunk-data': {
        const take = Math.min(this.remaining, data.length - at);
        this.addBody(data.subarray(at, at + take));
        this.remaining -= take;
        if (this.remaining > 0) return undefined;
        this.state = this.state === 'fixed' ? 'done' : 'chunk-end';
        return at + take;
      }
      case 'chunk-size': {
        const end = data.indexOf('\r\n', at);
        if (end === -1) return this.wait(data, at, MAX_LINE_BYTES, 'HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size');
        const digits = (data.toString('latin1', at, end).split(';')[0] ?? '').trim();
        if (!HEX.test(digits) || digits.length > 12) throw malformed('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size');
        this.remaining = parseInt(digits, 16);
        this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
        return end + 2;
      }
      case 'chunk-end': {
        if (data.length - at < 2) return this.wait(data, at, 2, 'HPE_STRICT', 'Expected LF after chunk data');
        if (data[at] !== 0x0d || data[at + 1] !== 0x0a) throw malformed('HPE_STRICT', 'Expected LF after chunk data');
        this.state = 'chunk-size';
        return at + 2;
      }
      case 'trailers': {
        const end = data.indexOf('\r\n', at);
        if (end === -1) return this.wait(data, at, MAX_HEAD_BYTES, 'HPE_HEADER_OVERFLOW', 'Header overflow');
        if (end === at) this.state = 'done';
        return end + 2;
      }
      default:
        return data.length;
    }
  }

  /** Keeps what is left for the next bytes, unless it is already longer than anything it could be. */
  private wait(data: Buffer, at: number, limit: number, code: string, message: string): undefined {
    if (data.length - at > limit) throw malformed(code, message);
    this.pending = data.subarray(at);
    return undefined;
  }

  private readHead(text: string): void {
    const lines = text.split('\r\n');
    const status = STATUS_LINE.exec(lines[0] ?? '');
    if (!status) throw malformed('HPE_INVALID_CONSTANT', 'Expected HTTP/');
    this.status = Number(status[2]);
    this.fields = new Map();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = colon === -1 ? '' : line.slice(0, colon);
      const value = line.slice(colon + 1).trim();
      if (!TOKEN.test(name)) throw malformed('HPE_INVALID_HEADER_TOKEN', 'Invalid header token');
      if (BAD_VALUE.test(value)) throw malformed('HPE_INVALID_HEADER_TOKEN', 'Invalid header value char');
      this.addField(name.toLowerCase(), value);
    }
    if (this.status < 200) {
      // 100 Continue and the like come before the answer; 101 would switch protocols, which a POST never asked for.
      if (this.status === 101) throw malformed('HPE_INVALID_CONSTANT', 'Unexpected protocol switch');
      return;
    }
    const connection = (this.fields.get('connection') ?? '').toLowerCase();
    this.keepAlive = status[1] === '1' ? !/(^|,)\s*close\s*(,|$)/.test(connection) : /(^|,)\s*keep-alive\s*(,|$)/.test(connection);
    this.state = this.framing();
    this.framed = this.state !== 'until-close';
  }

  private addField(name: string, value: string): void {
    const before = this.fields.get(name);
    if (before === undefined) this.fields.set(name, value);
    else if (!SINGLE_HEADERS.has(name)) this.fields.set(name, `${before}, ${value}`);
    else if (name === 'content-length' && before !== value) throw malformed('HPE_UNEXPECTED_CONTENT_LENGTH', 'Duplicate Content-Length');
  }

  /** How the body ends (RFC 9112, 6.3): none, chunks, a length, or the connection's end. */
  private framing(): State {
    if (this.status === 204 || this.status === 304) return 'done';
    const coding = this.fields.get('transfer-encoding');
    if (coding !== undefined) return /(^|,)\s*chunked\s*$/i.test(coding) ? 'chunk-size' : 'until-close';
    const length = this.fields.get('content-length');
    if (length === undefined) return 'until-close';
    if (!/^\d{1,15}$/.test(length)) throw malformed('HPE_INVALID_CONTENT_LENGTH', 'Invalid character in Content-Length');
    this.remaining = Number(length);
    return this.remaining === 0 ? 'done' : 'fixed';
  }

  private addBody(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.size += bytes.length;
    if (this.size > this.maxBodyBytes) throw this.tooLarge();
    this.chunks.push(bytes);
  }

  private answer(trailing: boolean): ReadAnswer {
    const headers = new Headers();
    for (const [name, value] of this.fields) headers.set(name, value);
    return {
      status: this.status, headers, body: this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks),
      reusable: this.keepAlive && this.framed && !trailing,
    };
  }
}
