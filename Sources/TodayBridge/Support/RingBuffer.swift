/// The newest `capacity` values appended, oldest first: what no longer fits is counted, not kept.
package struct RingBuffer<Element: Sendable>: Sendable {
    package let capacity: Int
    /// How many values were pushed out (or never fit, with no capacity).
    package private(set) var dropped = 0
    private var storage: [Element] = []
    /// Where the oldest value sits once the buffer is full.
    private var oldest = 0

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Appends `element`, pushing out the oldest when full.
    package mutating func append(_ element: Element) {
        guard capacity > 0 else {
            dropped += 1
            return
        }
        guard storage.count == capacity else {
            storage.append(element)
            return
        }
        storage[oldest] = element
        oldest = (oldest + 1) % capacity
        dropped += 1
    }

    /// The values kept, oldest first.
    package var elements: [Element] {
        Array(storage[oldest...] + storage[..<oldest])
    }
}
