'use strict';

const WEBHOOK_NAME = 'Shop cache purge';
const EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];

// With SHOP_URL set: the webhook to the shop's /api/cms/webhook (with its secret as the
// Authorization header) and the reset-password link in users-permissions' e-mails.
// The webhook is written through the store here because the admin API refuses loopback
// URLs in production mode, which local runs and tests need.
async function configureShopLinks(strapi) {
  const shop = (process.env.SHOP_URL || '').replace(/\/$/, '');
  if (!shop) return;
  const secret = process.env.CMS_WEBHOOK_SECRET;
  if (!secret) throw new Error('CMS_WEBHOOK_SECRET is required when SHOP_URL is set (the shop rejects unsigned webhooks)');
  const wanted = { name: WEBHOOK_NAME, url: `${shop}/api/cms/webhook`, headers: { Authorization: secret }, events: EVENTS, isEnabled: true };
  const existing = (await strapi.webhookStore.findWebhooks()).find((w) => w.name === WEBHOOK_NAME);
  if (!existing) {
    strapi.webhookRunner.add(await strapi.webhookStore.createWebhook(wanted));
  } else if (existing.url !== wanted.url || JSON.stringify(existing.headers) !== JSON.stringify(wanted.headers) || !existing.isEnabled) {
    strapi.webhookRunner.update(await strapi.webhookStore.updateWebhook(existing.id, wanted));
  }

  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const advanced = (await store.get()) || {};
  const resetUrl = `${shop}/user/password`;
  if (advanced.email_reset_password !== resetUrl) await store.set({ value: { ...advanced, email_reset_password: resetUrl } });
}

module.exports = { configureShopLinks };
