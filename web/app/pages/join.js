// #/join?i=<invitation>: a guest's page at a table shared across devices (web/app/live/guest.js);
// #/join alone: paste an invitation link.
export { mountJoin as mount } from "../live/guest.js";
