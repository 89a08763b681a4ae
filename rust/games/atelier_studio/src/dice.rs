//! The dice: every outcome of rolling `k` dice as the multiset of its faces, with its exact
//! weight, and the text of an outcome. A roll's chance id is the outcome's index in
//! `roll_table()[k]` (see `actions`).

/// All multisets of `k` dice (k = 0..4) in lexicographic order of their sorted faces, with
/// their number of orderings (the exact weight out of 6^k).
pub fn roll_table() -> Vec<Vec<([u8; 6], u32)>> {
    let fact = |x: u32| (1..=x).product::<u32>();
    let mut out = Vec::new();
    for k in 0..=4u32 {
        let mut table = Vec::new();
        // Sorted sequences f1 <= f2 <= ... <= fk in lexicographic order.
        let mut seq = vec![0usize; k as usize];
        loop {
            let mut faces = [0u8; 6];
            for &f in &seq {
                faces[f] += 1;
            }
            let denom: u32 = faces.iter().map(|&c| fact(c as u32)).product();
            table.push((faces, fact(k) / denom));
            // Next non-decreasing sequence.
            let mut i = k as usize;
            let mut done = true;
            while i > 0 {
                i -= 1;
                if seq[i] < 5 {
                    seq[i] += 1;
                    for j in i + 1..k as usize {
                        seq[j] = seq[i];
                    }
                    done = false;
                    break;
                }
            }
            if done {
                break;
            }
        }
        out.push(table);
    }
    out
}

/// The faces of a roll outcome, as text ("1,2,3,6").
pub fn faces_string(faces: &[u8; 6]) -> String {
    let mut out = String::with_capacity(8);
    for (f, &k) in faces.iter().enumerate() {
        for _ in 0..k {
            if !out.is_empty() {
                out.push(',');
            }
            out.push((b'1' + f as u8) as char);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_tables_have_exact_weights() {
        let t = roll_table();
        assert_eq!(t[4].len(), 126);
        assert_eq!(t[1].len(), 6);
        for k in 0..=4 {
            let total: u32 = t[k].iter().map(|x| x.1).sum();
            assert_eq!(total, 6u32.pow(k as u32));
        }
    }
}
