'use strict';

const ROLE = 'plugin::users-permissions.role';
const PERMISSION = 'plugin::users-permissions.permission';

// The shop's staff desk (/staff) lets in users whose role has type `staff`, asked of Strapi on
// every request (GraphQL `me { role { type } }` with the user's token). Staff are shoppers
// too, so the role gets every permission Authenticated has; an admin gives it to a user in
// the admin (Content Manager → User → role). Idempotent: run on every boot after the grants,
// it creates the role once and only adds what is missing (extra grants an admin made stay).
async function ensureStaffRole(strapi) {
  const roles = strapi.query(ROLE);
  const staff =
    (await roles.findOne({ where: { type: 'staff' } })) ||
    (await roles.create({
      data: { name: 'Staff', description: "The shop's staff: the staff desk at /staff.", type: 'staff' },
    }));
  const authenticated = await roles.findOne({ where: { type: 'authenticated' }, populate: ['permissions'] });
  if (!authenticated) throw new Error('users-permissions has no authenticated role');
  const permissions = strapi.query(PERMISSION);
  for (const { action } of authenticated.permissions) {
    if (!(await permissions.findOne({ where: { action, role: staff.id } }))) {
      await permissions.create({ data: { action, role: staff.id } });
    }
  }
}

module.exports = { ensureStaffRole };
