/**
 * Reading an endpoint's HTTP answer from raw bytes (delivery/answer-reader.ts): each way a
 * body can be framed, split at every byte (a socket may hand over any slice), what makes a
 * connection reusable, and the answers node:http refuses, refused the same way.
 */
import { describe, expect, it } from 'vitest';
import { AnswerReader, type ReadAnswer } from '../../src/registry/delivery/answer-reader.js';

const TOO_LARGE = () => Object.assign(new Error('too large'), { code: 'TOO_LARGE' });

/** Feeds `text` in slices of `size` bytes; the answer, or the reader when it wants more. */
function read(text: string, size = Infinity, max = 1 << 20): ReadAnswer | AnswerReader {
  const bytes = Buffer.from(text, 'latin1');
  const reader = new AnswerReader(max, TOO_LARGE);
  for (let at = 0; at < bytes.length; at += Math.min(size, bytes.length)) {
    const answer = reader.feed(bytes.subarray(at, at + Math.min(size, bytes.length)));
    if (answer) return answer;
  }
  return reader;
}

function answer(text: string, size?: number): ReadAnswer {
  const result = read(text, size);
  if (result instanceof AnswerReader) throw new Error('the answer was not complete');
  return result;
}

const JSON_ANSWER = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"type":4}';
const CHUNKED = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\n{"ty\r\n6\r\npe":4}\r\n0\r\nX-Trailer: 1\r\n\r\n';

describe('an endpoint answer read from bytes', () => {
  it('reads a body framed by Content-Length or by chunks, whatever slices the bytes come in', () => {
    for (const text of [JSON_ANSWER, CHUNKED]) {
      for (const size of [1, 2, 3, 7, 64, Infinity]) {
        const read = answer(text, size);
        expect(read.status).toBe(200);
        expect(read.body.toString()).toBe('{"type":4}');
        expect(read.headers.get('content-type')).toBe('application/json');
        expect(read.reusable).toBe(true);
      }
    }
  });

  it('reads a body framed by the end of the connection, which is then not reusable', () => {
    const reader = read('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello ');
    expect(reader).toBeInstanceOf(AnswerReader);
    expect((reader as AnswerReader).feed(Buffer.from('world'))).toBeUndefined();
    const ended = (reader as AnswerReader).end();
    expect(ended).toMatchObject({ status: 200, reusable: false });
    expect(ended.body.toString()).toBe('hello world');
  });

  it('has no body for 204 and 304 and skips 100 Continue', () => {
    expect(answer('HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n')).toMatchObject({ status: 204, reusable: true });
    expect(answer('HTTP/1.1 204 No Content\r\n\r\n').body).toHaveLength(0);
    expect(answer(`HTTP/1.1 100 Continue\r\n\r\n${JSON_ANSWER}`, 5)).toMatchObject({ status: 200 });
  });

  it('keeps a connection only when the answer allows it and nothing follows it', () => {
    expect(answer(JSON_ANSWER.replace('OK\r\n', 'OK\r\nConnection: close\r\n')).reusable).toBe(false);
    expect(answer(JSON_ANSWER.replace('HTTP/1.1', 'HTTP/1.0')).reusable).toBe(false);
    expect(answer(JSON_ANSWER.replace('HTTP/1.1', 'HTTP/1.0').replace('OK\r\n', 'OK\r\nConnection: Keep-Alive\r\n')).reusable).toBe(true);
    expect(answer(`${JSON_ANSWER}HTTP/1.1`).reusable).toBe(false);
  });

  it('joins repeated headers as node:http does, keeping the first of those that cannot repeat', () => {
    const read = answer('HTTP/1.1 202 Accepted\r\nX-A: 1\r\nx-a: 2\r\nContent-Type: a/b\r\nContent-Type: c/d\r\nContent-Length: 0\r\n\r\n');
    expect(read.headers.get('x-a')).toBe('1, 2');
    expect(read.headers.get('content-type')).toBe('a/b');
  });

  it('refuses what node:http refuses, with its kind of code', () => {
    const refusal = (text: string) => {
      try {
        read(text);
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return 'none';
    };
    expect(refusal('SSH-2.0-OpenSSH\r\n\r\n')).toBe('HPE_INVALID_CONSTANT');
    expect(refusal('HTTP/1.1 200 OK\r\nBad Header: x\r\n\r\n')).toBe('HPE_INVALID_HEADER_TOKEN');
    expect(refusal('HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n')).toBe('HPE_INVALID_CONTENT_LENGTH');
    expect(refusal('HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n')).toBe('HPE_UNEXPECTED_CONTENT_LENGTH');
    expect(refusal('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')).toBe('HPE_INVALID_CHUNK_SIZE');
    expect(refusal(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(17 * 1024)}`)).toBe('HPE_HEADER_OVERFLOW');
  });

  it('stops at the size limit', () => {
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n01234567890123456789', Infinity, 10)).toThrow('too large');
    expect(() => read(`HTTP/1.1 200 OK\r\n\r\n${'x'.repeat(11)}`, 4, 10)).toThrow('too large');
  });

  it('says how a connection that ended early ended, as node:http does', () => {
    expect(() => new AnswerReader(10, TOO_LARGE).end()).toThrow('socket hang up');
    const cut = read('HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{"type"') as AnswerReader;
    expect(() => cut.end()).toThrow(expect.objectContaining({ message: 'aborted', code: 'ECONNRESET' }));
  });
});
