// Tests run in UTC and with decorators' metadata available, like the apps.
import 'reflect-metadata';

process.env['TZ'] = 'UTC';
