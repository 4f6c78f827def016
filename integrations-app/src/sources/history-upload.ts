// Sends a checked history file piece by piece, telling after each how far it got. A piece the server
// refuses stops the upload (earlier pieces stay: importing the same file again only adds what is missing).
import { HISTORY_CHUNK_LINES, historyPieces } from '@helio/contracts/limits';
import type { HistoryImportResult } from '@helio/contracts';

export interface UploadTotals {
  inserted: number;
  received: number;
}

export async function uploadHistory(
  csv: string,
  send: (piece: { csv: string; firstLine: number }) => Promise<HistoryImportResult>,
  onProgress: (done: number, total: number) => void,
  linesPerPiece = HISTORY_CHUNK_LINES,
): Promise<UploadTotals> {
  const pieces = historyPieces(csv, linesPerPiece);
  const totals: UploadTotals = { inserted: 0, received: 0 };
  onProgress(0, pieces.length);
  for (const [index, piece] of pieces.entries()) {
    const result = await send({ csv: piece.text, firstLine: piece.firstLine });
    totals.inserted += result.inserted;
    totals.received += result.received;
    onProgress(index + 1, pieces.length);
  }
  return totals;
}
