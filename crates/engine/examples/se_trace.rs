fn main() {
    let line = std::env::args().nth(1).unwrap();
    let v: Vec<u8> =
        line.bytes().take(81).map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
    let values: [u8; 81] = v.try_into().unwrap();
    let r = bitdoku_engine::se::rate_traced(&values, None, |h| {
        let rm: Vec<String> =
            h.remove.iter().map(|(c, d)| format!("r{}c{}<>{}", c / 9 + 1, c % 9 + 1, d)).collect();
        let pl =
            h.place.map(|(c, d)| format!("r{}c{}={}", c / 9 + 1, c % 9 + 1, d)).unwrap_or_default();
        println!(
            "{:.1} {} {} {} cx={}",
            h.diff as f32 / 10.0,
            h.name,
            pl,
            rm.join(" "),
            h.complexity
        );
    });
    println!("{:?}", r);
}
