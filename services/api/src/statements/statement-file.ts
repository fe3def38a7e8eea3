import { StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { StatementFile } from '@savings/application';

/** A statement file as a download: never cached (it names a person's money), saved under its own name. */
export function statementDownload(file: StatementFile, res: Response): StreamableFile {
  res.setHeader('Cache-Control', 'no-store');
  return new StreamableFile(file.body, {
    type: file.contentType,
    disposition: `attachment; filename="${file.fileName}"`,
    length: file.body.length,
  });
}
