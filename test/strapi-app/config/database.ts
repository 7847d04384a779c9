import path from 'node:path';

// SQLite by default; `pnpm host strapi --database postgres|mysql` sets DATABASE_CLIENT and the
// connection (mysql: Strapi's client for MySQL and MariaDB; the host runs MariaDB).
export default ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'mysql') {
    return {
      connection: {
        client: 'mysql',
        connection: {
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 3306),
          database: env('DATABASE_NAME', 'strapi'),
          user: env('DATABASE_USERNAME', 'strapi'),
          password: env('DATABASE_PASSWORD', ''),
          ssl: false,
        },
        pool: { min: 0, max: 10 },
      },
    };
  }
  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'strapi'),
          user: env('DATABASE_USERNAME', 'strapi'),
          password: env('DATABASE_PASSWORD', ''),
          ssl: false,
        },
        pool: { min: 0, max: 10 },
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(env('DATABASE_FILENAME', '.tmp/data.db')) },
      useNullAsDefault: true,
    },
  };
};
