// How a cell of the orders' CSV is written (order-export.ts): RFC 4180 quoting, and no cell a
// spreadsheet would run as a formula; and a download given up part way.
import { connect } from 'node:net';
import { createServer } from 'node:http';
import { csvText, send } from './order-export';

it.each([
  ['Rahima Begum', 'Rahima Begum'],
  ['Road 5, Dhanmondi', '"Road 5, Dhanmondi"'],
  ['the "blue" gate', '"the ""blue"" gate"'],
  ['first line\nsecond', '"first line\nsecond"'],
  ['carriage\rreturn', '"carriage\rreturn"'],
  ['রহিমা বেগম', 'রহিমা বেগম'],
])('writes %j as %j', (text, cell) => expect(csvText(text)).toBe(cell));

it.each(['=1+2', '+8801712345678', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])('keeps %j from being a formula', (text) => {
  const cell = csvText(text);
  const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
  expect(unquoted).toBe(`'${text}`);
});

it('quotes a formula-like cell that also needs quotes', () => {
  expect(csvText('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
});

// A download the admin's browser gave up on while the export waited for it to take the file: the
// export must see the connection gone and stop, not wait for a 'close' that was emitted already.
it('stops writing to a download that was closed while it waited', async () => {
  let writes = 0;
  const finished = new Promise<number>((resolve) => {
    const server = createServer(async (_req, res) => {
      const chunk = 'x'.repeat(256 * 1024);
      // far more than the socket's buffers hold, so `send` has to wait for the client
      for (let i = 0; i < 400 && !res.destroyed; i++, writes++) await send(res as never, chunk);
      await send(res as never, chunk); // once more on the closed response: answers at once
      server.close();
      resolve(writes);
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      const client = connect(address.port, '127.0.0.1', () => client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
      client.pause(); // takes nothing, so the server's writes back up
      client.once('connect', () => setTimeout(() => client.destroy(), 300));
    });
  });
  expect(await finished).toBeLessThan(400);
});
