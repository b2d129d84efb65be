#!/usr/bin/env python3
"""smtp-lmtp.py: an SMTP server (python3-aiosmtpd) handing mail to LMTP.

The stand-in for OpenSMTPD in tests/servers/mailservers.sh where OpenSMTPD
cannot run. Three listeners on 127.0.0.1, like the OpenSMTPD config there:
plain SMTP without AUTH (unless --smtp 0), implicit TLS with AUTH required, and STARTTLS
required with AUTH required. Recipients outside --domain are refused with
550 at RCPT time; accepted mail goes to Dovecot's LMTP port, and an LMTP
refusal is passed back to the SMTP client.
"""
import argparse
import signal
import smtplib
import ssl
import sys

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Relay:
    def __init__(self, domain, lmtp_port):
        self.domain = domain.lower()
        self.lmtp_port = lmtp_port

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not address.lower().endswith("@" + self.domain):
            return "550 5.1.1 <%s>: recipient refused, not a local domain" % address
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        try:
            with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
                refused = lmtp.sendmail(envelope.mail_from, envelope.rcpt_tos,
                                        envelope.original_content)
        except smtplib.SMTPRecipientsRefused as e:
            code, msg = list(e.recipients.values())[0]
            return "%d %s" % (code, msg.decode(errors="replace"))
        except (OSError, smtplib.SMTPException) as e:
            return "451 4.3.0 LMTP delivery failed: %s" % e
        if refused:
            code, msg = list(refused.values())[0]
            return "%d %s" % (code, msg.decode(errors="replace"))
        return "250 2.0.0 delivered over LMTP"


def main():
    ap = argparse.ArgumentParser()
    for name in ("dir", "user", "password", "domain"):
        ap.add_argument("--" + name, required=True)
    for name in ("smtp", "smtps", "submission", "lmtp"):
        ap.add_argument("--" + name, required=True, type=int)
    a = ap.parse_args()

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword) and
              auth_data.login.decode() == a.user and
              auth_data.password.decode() == a.password)
        return AuthResult(success=ok, handled=False)

    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(a.dir + "/tls/server.crt", a.dir + "/tls/server.key")
    handler = Relay(a.domain, a.lmtp)
    controllers = []
    if a.smtp != 0:
        controllers.append(Controller(handler, hostname="127.0.0.1", port=a.smtp))
    controllers += [
        Controller(handler, hostname="127.0.0.1", port=a.smtps, ssl_context=ctx,
                   authenticator=authenticator, auth_required=True,
                   auth_require_tls=False),
        Controller(handler, hostname="127.0.0.1", port=a.submission,
                   tls_context=ctx, require_starttls=True,
                   authenticator=authenticator, auth_required=True),
    ]
    for c in controllers:
        c.start()
    print("aiosmtpd listening", flush=True)

    def stop(signum, frame):
        for c in controllers:
            c.stop()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while True:
        signal.pause()


if __name__ == "__main__":
    main()
