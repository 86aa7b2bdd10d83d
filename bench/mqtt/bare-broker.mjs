// A bare Aedes broker over WebSocket (no auth, no ACL, no database): the baseline of bench/mqtt/run.mjs.
// `node bench/mqtt/bare-broker.mjs <port>` listens on 127.0.0.1:<port>/mqtt and prints "ready".
import { createServer } from 'node:http';
import { Aedes } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';

const port = Number(process.argv[2]);
const aedes = await Aedes.createBroker();
const server = createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server, path: '/mqtt' });
wss.on('connection', (ws, req) => aedes.handle(createWebSocketStream(ws), req));
server.listen(port, '127.0.0.1', () => console.log('ready'));
const stop = () => aedes.close(() => server.close(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
