'use strict';

const fs = require('fs');
const path = require('path');

// One JSON line per mail: { to, from, subject, text, html, sentAt }. Tests read the
// password-reset code from it; a developer can `tail -f` it.
module.exports = {
  init(providerOptions = {}, settings = {}) {
    const file = providerOptions.file;
    if (!file) throw new Error('strapi-provider-email-file: providerOptions.file is required');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return {
      async send(options) {
        const { from, to, replyTo, subject, text, html } = options;
        const mail = { from: from || settings.defaultFrom, to, replyTo: replyTo || settings.defaultReplyTo, subject, text, html, sentAt: new Date().toISOString() };
        await fs.promises.appendFile(file, `${JSON.stringify(mail)}\n`);
      },
    };
  },
};
