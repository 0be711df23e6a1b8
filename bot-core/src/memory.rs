//! Maps keyed by chat or user give back their room when entries are forgotten. A hash map
//! never shrinks on its own: after a busy hour with thousands of chats it would keep the
//! table of its peak for good, though the chats in it went quiet and were forgotten.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

/// Below this capacity a map is left as it is: shrinking it would save next to nothing.
const SMALL: usize = 64;

/// After forgetting entries: shrinks `map` to twice what it holds when it has room for more
/// than four times that, so the memory follows the entries left, and a map that goes on
/// growing and shrinking a little is not reallocated each time.
pub fn release_unused_room<K: Eq + Hash, V, S: BuildHasher>(map: &mut HashMap<K, V, S>) {
    if map.capacity() > SMALL && map.capacity() > 4 * map.len() {
        map.shrink_to((2 * map.len()).max(SMALL / 2));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_that_forgot_most_entries_gives_back_its_room() {
        let mut map: HashMap<u64, [u8; 64]> = (0..20_000).map(|i| (i, [0; 64])).collect();
        let peak = map.capacity();
        map.retain(|k, _| *k < 100);
        release_unused_room(&mut map);
        assert!(map.capacity() < peak / 50, "{} of {peak}", map.capacity());
        assert!(map.capacity() >= 100);
        assert_eq!(map.len(), 100);
        assert!((0..100).all(|k| map.contains_key(&k)));
    }

    #[test]
    fn a_map_still_mostly_full_or_small_is_left_alone() {
        let mut map: HashMap<u64, u64> = (0..1_000).map(|i| (i, i)).collect();
        map.retain(|k, _| *k < 600);
        let capacity = map.capacity();
        release_unused_room(&mut map);
        assert_eq!(map.capacity(), capacity, "more than a quarter is used");

        let mut small: HashMap<u64, u64> = (0..50).map(|i| (i, i)).collect();
        let capacity = small.capacity();
        small.clear();
        release_unused_room(&mut small);
        assert_eq!(small.capacity(), capacity, "too small to bother");
    }
}
