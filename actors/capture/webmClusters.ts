import type { CapturedFrame } from './capturedFrame.ts';

/** Element ids from the Matroska specification, which WebM is a subset of. */
const segmentId = 0x18538067;
const clusterId = 0x1f43b675;
const clusterTimestampId = 0xe7;
const simpleBlockId = 0xa3;
const blockGroupId = 0xa0;
const blockId = 0xa1;

interface ElementHeader {
  id: number;
  /** Undefined for an element written with the "unknown size" marker (a live Segment). */
  size: number | undefined;
  dataStart: number;
}

/**
 * Splits ffmpeg's WebM output into its clusters, each with the audio time it carries, so WebM can be
 * paced by audio time like PCM. The header (everything before the first cluster) travels with the
 * first cluster, so the first frame starts with the EBML magic and carries audio too; concatenated,
 * the frames are exactly what ffmpeg wrote.
 *
 * Times are read as milliseconds: ffmpeg's WebM muxer always writes the default timestamp scale of
 * 1 ms. Every block is one Opus packet of `packetMs`, so a cluster lasts until its last block's time
 * plus `packetMs`.
 */
export async function* webmClusters(
  webm: AsyncIterable<Buffer>,
  packetMs: number,
): AsyncGenerator<CapturedFrame> {
  let unsent: Buffer = Buffer.alloc(0);
  // Where the next element to look at starts in `unsent`; everything before it is header not yet sent.
  let position = 0;
  let audioEndMs: number | undefined;
  for await (const data of webm) {
    unsent = Buffer.concat([unsent, data]);
    for (;;) {
      const element = readElementHeader(unsent, position);
      if (element === undefined) break;
      // A live Segment has no size and holds everything that follows: look inside it.
      if (element.id === segmentId) {
        position = element.dataStart;
        continue;
      }
      const dataEnd = element.dataStart + knownSize(element);
      if (dataEnd > unsent.length) break;
      position = dataEnd;
      if (element.id !== clusterId) continue;
      const timing = clusterTiming(unsent, element.dataStart, dataEnd, packetMs);
      yield { bytes: unsent.subarray(0, dataEnd), ...timing };
      audioEndMs = timing.startMs + timing.durationMs;
      unsent = unsent.subarray(dataEnd);
      position = 0;
    }
  }
  // With `-live 1` nothing follows the last cluster, but whatever does still belongs to the stream.
  // Without any cluster, what is left is a header with no audio after it, which is worth nothing.
  if (audioEndMs !== undefined && unsent.length > 0) {
    yield { bytes: unsent, startMs: audioEndMs, durationMs: 0 };
  }
}

/** A cluster's timestamp, and the audio up to the end of its last block. */
function clusterTiming(
  bytes: Buffer,
  start: number,
  end: number,
  packetMs: number,
): { startMs: number; durationMs: number } {
  let startMs = 0;
  let lastBlockMs: number | undefined;
  const noteBlock = (dataStart: number) => {
    // A block is the track number, then its time relative to the cluster as a signed 16-bit integer.
    const relativeMs = bytes.readInt16BE(dataStart + vintLength(bytes.readUInt8(dataStart)));
    lastBlockMs = Math.max(lastBlockMs ?? relativeMs, relativeMs);
  };
  for (const child of childElements(bytes, start, end)) {
    if (child.id === clusterTimestampId) startMs = readUnsigned(bytes, child.dataStart, knownSize(child));
    if (child.id === simpleBlockId) noteBlock(child.dataStart);
    // ffmpeg writes a packet that needs more than a SimpleBlock says (the final one's padding) as a group.
    if (child.id === blockGroupId) {
      for (const member of childElements(bytes, child.dataStart, child.dataStart + knownSize(child))) {
        if (member.id === blockId) noteBlock(member.dataStart);
      }
    }
  }
  return { startMs, durationMs: lastBlockMs === undefined ? 0 : lastBlockMs + packetMs };
}

function* childElements(bytes: Buffer, start: number, end: number): Generator<ElementHeader> {
  for (let position = start; position < end;) {
    const child = readElementHeader(bytes, position);
    const childEnd = child === undefined ? Infinity : child.dataStart + knownSize(child);
    if (child === undefined || childEnd > end) {
      throw new Error('ffmpeg wrote a WebM element that overruns the element holding it.');
    }
    yield child;
    position = childEnd;
  }
}

/** The id and size of the element at `offset`, or undefined when `bytes` ends before they do. */
function readElementHeader(bytes: Buffer, offset: number): ElementHeader | undefined {
  if (offset >= bytes.length) return undefined;
  const idLength = vintLength(bytes.readUInt8(offset));
  const sizeStart = offset + idLength;
  if (sizeStart >= bytes.length) return undefined;
  const sizeLength = vintLength(bytes.readUInt8(sizeStart));
  const dataStart = sizeStart + sizeLength;
  if (dataStart > bytes.length) return undefined;
  // A size's first byte starts with its length marker, which is not part of the value; a size of
  // all ones means "unknown".
  const valueBits = 0xff >> sizeLength;
  const sizeBytes = bytes.subarray(sizeStart, dataStart);
  const unknownSize = sizeBytes.every(
    (byte, index) => byte === (index === 0 ? 0xff >> (sizeLength - 1) : 0xff),
  );
  const size =
    (sizeBytes.readUInt8(0) & valueBits) * 256 ** (sizeLength - 1) +
    readUnsigned(bytes, sizeStart + 1, sizeLength - 1);
  return { id: readUnsigned(bytes, offset, idLength), size: unknownSize ? undefined : size, dataStart };
}

function knownSize(element: ElementHeader): number {
  if (element.size === undefined) {
    throw new Error(
      `ffmpeg wrote a WebM element of unknown size (id ${element.id.toString(16)}): it cannot be cut out of the stream.`,
    );
  }
  return element.size;
}

/** The length of an EBML variable-size integer, which its first byte's leading zeros give. */
function vintLength(firstByte: number): number {
  // Math.clz32 counts the 24 zero bits above a byte as well.
  const length = Math.clz32(firstByte) - 23;
  if (length > 8)
    throw new Error('ffmpeg wrote something that is not WebM (a zero byte where a length starts).');
  return length;
}

function readUnsigned(bytes: Buffer, start: number, length: number): number {
  let value = 0;
  for (let index = start; index < start + length; index++) value = value * 256 + bytes.readUInt8(index);
  return value;
}
