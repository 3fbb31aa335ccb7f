'use strict';

// The Public role gets `find`/`findOne` on exactly the types the shop reads (from the
// content model); the Authenticated role may update its own profile (the owner check
// is in extensions/users-permissions). Idempotent: run on every boot.
async function grant(strapi, roleType, actions) {
  const role = await strapi.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  if (!role) throw new Error(`users-permissions has no ${roleType} role`);
  const permissions = strapi.query('plugin::users-permissions.permission');
  for (const action of actions) {
    if (!(await permissions.findOne({ where: { action, role: role.id } }))) {
      await permissions.create({ data: { action, role: role.id } });
    }
  }
}

async function grantShopPermissions(strapi, publicActions) {
  await grant(strapi, 'public', publicActions);
  await grant(strapi, 'authenticated', ['plugin::users-permissions.user.update']);
}

module.exports = { grantShopPermissions };
