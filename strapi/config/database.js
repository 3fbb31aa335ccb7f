const path = require('path');

// SQLite (a file next to the app) unless DATABASE_CLIENT=postgres with DATABASE_URL.
module.exports = ({ env }) => {
  if (env('DATABASE_CLIENT', 'sqlite') === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: { connectionString: env('DATABASE_URL'), ssl: env.bool('DATABASE_SSL', false) && { rejectUnauthorized: false } },
        pool: { min: 0, max: env.int('DATABASE_POOL_MAX', 10) },
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')) },
      useNullAsDefault: true,
    },
  };
};
