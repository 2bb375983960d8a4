/** The EBML id that opens a Matroska/WebM Cluster, where the audio begins. */
const clusterId = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

/**
 * The container header at the start of a WebM stream's first piece: everything before its first
 * Cluster. A new connection must hear it before any audio, but not the first piece's audio again.
 * A piece with no Cluster yet is header only.
 */
export function webmHeaderOf(firstPiece: Uint8Array): Uint8Array {
  const at = Buffer.from(firstPiece.buffer, firstPiece.byteOffset, firstPiece.byteLength).indexOf(clusterId);
  return at === -1 ? firstPiece : firstPiece.subarray(0, at);
}
