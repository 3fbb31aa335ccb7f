'use strict';

const { errors } = require('@strapi/utils');
const model = require('../../generated/model.json');

// The shopper's profile attributes (from the content model) on users-permissions' User,
// and PUT /api/users/:id limited to the signed-in user's own record and those attributes:
// Strapi's stock controller lets any user with `user.update` change anyone, role included.
module.exports = (plugin) => {
  Object.assign(plugin.contentTypes.user.schema.attributes, model.userProfileAttributes);
  const profileFields = Object.keys(model.userProfileAttributes);
  const update = plugin.controllers.user.update;
  plugin.controllers.user.update = async (ctx) => {
    const me = ctx.state.user;
    if (!me || String(me.id) !== String(ctx.params.id)) throw new errors.ForbiddenError('Forbidden');
    const body = ctx.request.body || {};
    ctx.request.body = Object.fromEntries(profileFields.filter((f) => f in body).map((f) => [f, body[f]]));
    return update(ctx);
  };
  return plugin;
};
