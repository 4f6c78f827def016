// Prints the text of the PDF read from stdin (pdf-parse). Run as its own Node process: pdf-parse
// loads pdf.js through a dynamic import, which jest's module sandbox does not allow.
const { PDFParse } = require('pdf-parse');

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    process.stdout.write((await parser.getText()).text);
  } finally {
    await parser.destroy();
  }
});
