// Reading piped standard input (keys for `auth login --with-key`, note text).
import { UsageError } from './errors.js';

/** Reads all of `stream`, refusing more than `maxBytes`. */
export async function readBytes(stream: NodeJS.ReadableStream, maxBytes = 1 << 20): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > maxBytes) throw new UsageError(`standard input is larger than ${maxBytes} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Reads all of `stream` as UTF-8, refusing more than `maxBytes`. */
export async function readAll(stream: NodeJS.ReadableStream, maxBytes = 1 << 20): Promise<string> {
  return (await readBytes(stream, maxBytes)).toString('utf8');
}
