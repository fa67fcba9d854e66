import { configTable } from '../src/platform/config/configTable.js';

console.log(configTable());
