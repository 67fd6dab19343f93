// The lessons a game ships, as the engine lists them (`lessons {game}`): asked once per engine
// and game, since lessons.json is part of the engine build and never changes while a page runs.
// Also: the stylesheet of this folder, linked once.

const lists = new WeakMap(); // engine -> Map(game -> Promise<list>)

/** [{game, id, title, intro, learner, steps, success}] in the order the game ships them. */
export function lessonList(engine, game) {
  let byGame = lists.get(engine);
  if (!byGame) lists.set(engine, (byGame = new Map()));
  if (!byGame.has(game)) {
    const p = engine.call("lessons", { game });
    byGame.set(game, p);
    p.catch(() => byGame.delete(game)); // a failed engine may be restarted: ask again then
  }
  return byGame.get(game);
}

/** Link lessons.css into the document, once. */
export function useLessonStyle() {
  if (document.querySelector("link[data-vt-style='lessons.css']")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./lessons.css", import.meta.url).href;
  link.dataset.vtStyle = "lessons.css";
  document.head.append(link);
}
