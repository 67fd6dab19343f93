// #/host/<game>: host a table with people on other devices (web/app/live/host.js).
export { mountHost as mount } from "../live/host.js";
