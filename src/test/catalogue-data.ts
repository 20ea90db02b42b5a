/**
 * Issue 29 item 6: games as a real feed writes them, for the search's plan test (src/server/db/indexes.test.ts) and
 * benchmark (bench/search.mjs). Descriptions are about 300 characters of common words from word lists, so that an
 * ordinary word ("puzzle", "dragons", "copper") is in a few per cent of them, as in a real catalogue; titles are
 * two words and a number ("Rusty Dragon 42").
 */

const ADJECTIVES = [
  "rusty", "copper", "neon", "ancient", "tiny", "brave", "frozen", "golden", "hidden", "lunar", "savage", "silent",
  "wild", "royal", "crimson", "dusty", "electric", "fiery", "gentle", "haunted", "icy", "jolly", "misty", "noisy",
  "pale", "quick", "shiny", "sleepy", "sneaky", "stormy", "sunny", "twisted", "velvet", "wooden", "zany", "bouncy",
  "clever", "curious", "daring", "emerald", "fuzzy", "giant", "hungry", "lucky", "magic", "spooky", "cosmic", "sticky",
]; // prettier-ignore
const NOUNS = [
  "dragons", "puzzles", "bubbles", "robots", "castles", "pirates", "knights", "zombies", "rockets", "gems", "coins",
  "cars", "monsters", "ninjas", "wizards", "kittens", "puppies", "aliens", "tanks", "planes", "trucks", "bikes",
  "boats", "trains", "fruits", "candies", "cookies", "balloons", "marbles", "blocks", "towers", "bridges", "farms",
  "islands", "mummies", "ghosts", "witches", "goblins", "trolls", "unicorns", "ponies", "sharks", "whales", "frogs",
  "bees", "ants", "spiders", "penguins", "pandas", "tigers", "lions", "bears", "owls", "bats", "crystals", "potions",
  "scrolls", "swords", "shields", "arrows", "cannons", "lasers", "meteors", "comets",
]; // prettier-ignore
const PLACES = [
  "forest", "desert", "city", "ocean", "caves", "mountains", "swamp", "kingdom", "village", "jungle", "volcano",
  "glacier", "harbour", "canyon", "galaxy", "moon base", "dungeon", "temple", "factory", "circus", "museum", "school",
  "garden", "meadow", "river", "lagoon", "arena", "stadium", "highway", "rooftops", "sewers", "skyline",
]; // prettier-ignore
const VERBS = [
  "collect", "dodge", "build", "match", "race", "explore", "defend", "rescue", "chase", "stack", "launch", "sort",
  "feed", "paint", "guide", "tame", "capture", "repair", "shoot", "jump over", "protect", "merge", "flip", "trade",
]; // prettier-ignore
const TITLE_ADJECTIVES = ["Cosmic", "Pixel", "Turbo", "Shadow", "Crystal", "Neon", "Galactic", "Mystic", "Rapid", "Frozen", "Golden", "Hidden", "Lunar", "Iron", "Savage", "Silent", "Wild", "Royal", "Tiny", "Mega"]; // prettier-ignore
const TITLE_NOUNS = ["Asteroid", "Racer", "Puzzle", "Dungeon", "Knight", "Runner", "Tower", "Block", "Galaxy", "Jungle", "Castle", "Ninja", "Pirate", "Robot", "Dragon", "Zombie", "Farm", "Island", "Rocket", "Maze", "Drift", "Quest", "Blaster", "Breaker", "Golf"]; // prettier-ignore

const array = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(",")}]`;
/** The k-th pick from a list for game g: spread by PostgreSQL's integer hash, so that slots are not correlated. */
const pick = (words: string[], k: number) => `(${array(words)})[1 + abs(hashint4(g * 64 + ${k}) % ${words.length})]`;

/**
 * An INSERT … SELECT of `count` games numbered from `from` (ids are the table's own), spread over the categories
 * that exist, with titles, ~300-character descriptions, popularity and ages that follow neither the row order nor
 * one another. Plain SQL, for a bulk load as an import would do it.
 */
export function generatedGamesSql(count: number, from = 1): string {
  const cap = (words: string[], k: number) => `initcap(${pick(words, k)})`;
  const description = [
    `${cap(ADJECTIVES, 1)} || ' ' || ${pick(NOUNS, 2)} || ' need your help! '`,
    `${cap(VERBS, 3)} || ' the ' || ${pick(ADJECTIVES, 4)} || ' ' || ${pick(NOUNS, 5)} || ' across the ' || ${pick(ADJECTIVES, 6)} || ' ' || ${pick(PLACES, 7)} || ', '`,
    `${pick(VERBS, 8)} || ' ' || ${pick(NOUNS, 9)} || ' and ' || ${pick(VERBS, 10)} || ' every ' || ${pick(NOUNS, 11)} || ' before time runs out. '`,
    `'Match ' || ${pick(NOUNS, 12)} || ' to earn coins, unlock ' || ${pick(ADJECTIVES, 13)} || ' upgrades and new worlds like the ' || ${pick(PLACES, 14)} || '. '`,
    `'Play with friends, beat your best score and become the champion of the ' || ${pick(PLACES, 15)} || '.'`,
  ].join(" || ");
  return `
    with cats as (select array_agg(id order by id) as ids from categories)
    insert into games (title, description, category_id, developer, is_featured, is_new, is_hot, plays, rating, release_date, created_at)
    select
      ${pick(TITLE_ADJECTIVES, 20)} || ' ' || ${pick(TITLE_NOUNS, 21)} || ' ' || g,
      ${description},
      cats.ids[1 + (g * 7) % array_length(cats.ids, 1)], 'Bench Studio',
      g % 20 = 0, g % 13 = 0, g % 17 = 0, (g * 7919) % 100000, (g * 31) % 51,
      (date '2024-01-01' + (g % 700))::date, now() - ((g * 7919) % 100003) * interval '1 minute'
    from generate_series(${from}, ${from + count - 1}) as g, cats`;
}
