import { execFile } from 'node:child_process';

// pdf-parse (pdf.js) loads its worker with a dynamic import(), which jest's CommonJS runtime refuses:
// the text is extracted in a plain node process instead.
const EXTRACT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const result = await parser.getText();
  await parser.destroy();
  process.stdout.write(JSON.stringify({ text: result.text, pages: result.total }));
});`;

/** The text of a PDF as pdf-parse reads it back, and its page count. */
export function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', EXTRACT],
      { maxBuffer: 64 * 1024 * 1024, cwd: __dirname },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pdf-parse failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as { text: string; pages: number });
      },
    );
    child.stdin?.end(pdf);
  });
}
