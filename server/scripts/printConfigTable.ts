import { configTable } from '../src/config/configTable.js';

console.log(configTable());
