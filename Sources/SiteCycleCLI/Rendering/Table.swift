/// Columns padded to their widest cell; `rightAligned` columns line up on the right.
func table(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
    guard let first = rows.first else { return "" }
    let widths = first.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    return rows.map { row in
        row.indices.map { c in
            let pad = String(repeating: " ", count: widths[c] - row[c].count)
            return rightAligned.contains(c) ? pad + row[c] : (c == row.count - 1 ? row[c] : row[c] + pad)
        }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
}
