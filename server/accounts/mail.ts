/**
 * Outgoing mail through nodemailer (a maintained SMTP client): `SMTP_URL` (e.g. `smtps://user:pass@smtp.example.com`)
 * and `MAIL_FROM` in production. Without SMTP_URL, outside production, messages are built by nodemailer's stream
 * transport and kept in a local sink: GET /dev/mail/last?email= answers the last code mailed to an address, like
 * /dev/sms/last for phones. In production without SMTP_URL nothing can be mailed and a send is refused.
 */
import type { FastifyInstance } from 'fastify';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { SharedState } from '../shared/state.ts';

export type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send(message: MailMessage & { code?: string }): Promise<void> };

/** nodemailer, loaded with the first mail rather than at every server start. */
let loaded: Promise<typeof Nodemailer> | undefined;
const nodemailer = async () => (await (loaded ??= import('nodemailer'))).default;

/** Outside production the local mail sink keeps the last code and subject per address this long. */
const SINK_TTL_MS = 10 * 60 * 1000;
const sinkKey = (address: string) => `dev-mail:${address}`;

/**
 * The mailer of the environment; outside production without SMTP_URL, the local sink, which keeps the last message
 * per address in the shared state (several nodes see one sink).
 */
export function createMailer(env: NodeJS.ProcessEnv, mode: string, sinkState: SharedState): Mailer {
  const from = env.MAIL_FROM ?? 'livev3 <no-reply@livev3.local>';
  const smtpUrl = env.SMTP_URL;
  if (smtpUrl) {
    let transport: Transporter | undefined;
    return {
      async send({ to, subject, text }) {
        transport ??= (await nodemailer()).createTransport(smtpUrl);
        await transport.sendMail({ from, to, subject, text });
      },
    };
  }
  if (mode === 'production')
    return {
      async send() {
        throw new Error('SMTP_URL is not set: e-mail cannot be sent');
      },
    };
  let sink: Transporter | undefined;
  return {
    async send({ to, subject, text, code }) {
      sink ??= (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      await sink.sendMail({ from, to, subject, text });
      await sinkState.put(sinkKey(to), JSON.stringify({ code: code ?? null, subject }), SINK_TTL_MS);
    },
  };
}

/**
 * Dev only: GET /dev/mail/last?email= answers the last code mailed to the address (the local mail sink). One address:
 * a repeated `email` is refused by the schema (400, the envelope in the request's locale).
 */
export function devMailRoute(app: FastifyInstance, sinkState: SharedState): void {
  const schema = {
    querystring: {
      type: 'object',
      properties: { email: { type: 'string', maxLength: 254 } },
    },
  };
  app.get<{ Querystring: { email?: string } }>('/dev/mail/last', { schema }, async (request) => {
    const kept = await sinkState.read(sinkKey((request.query.email ?? '').trim().toLowerCase()));
    const last = kept ? (JSON.parse(kept) as { code: string | null; subject: string }) : null;
    return { xcode: 200, msg: 'ok', data: { code: last?.code ?? null, subject: last?.subject ?? null } };
  });
}
