import Testing
import TodoCore

/// The one reading of the NAME before a colon, which `add`, `edit` and filters share: exact
/// names and aliases first, then a prefix of two letters or more that starts one key only.
@Suite struct AttributeNameTests {
    static let names = AttributeNames()
    static let declared = AttributeNames(
        udas: UDASchema([
            UDADeclaration(name: "estimate", type: .number), UDADeclaration(name: "scope", type: .string),
            UDADeclaration(name: "proj", type: .string), UDADeclaration(name: "Client", type: .string)
        ]))

    /// abbreviation.test.py, test_attribute_abbreviations: project down to `pro`, priority down
    /// to `pri` (an alias of todo's, so exact), with Taskwarrior's minimum of two letters.
    @Test func everyPrefixOfOneKeyNamesIt() {
        for name in ["project", "projec", "proje", "proj", "pro"] {
            #expect(Self.names.lookup(name) != nil && Self.key(name) == .field(.project))
        }
        for name in ["priority", "priorit", "priori", "prior", "prio", "pri"] {
            #expect(Self.key(name) == .field(.priority))
        }
        for (name, field) in [
            ("du", TodoField.due), ("wa", .wait), ("sch", .scheduled), ("star", .start), ("dep", .depends),
            ("rec", .recur), ("unt", .until)
        ] {
            #expect(Self.key(name) == .field(field), "\(name)")
        }
        #expect(Self.names.lookup("pri") == .exact(.field(.priority)))
        #expect(Self.names.lookup("dep") == .exact(.field(.depends)))
        #expect(Self.names.lookup("prio") == .prefix(.field(.priority)))
    }

    @Test func oneLetterOrNoKeyNamesNothing() {
        #expect(Self.names.lookup("p") == nil)
        #expect(Self.names.lookup("d") == nil)
        #expect(Self.names.lookup("https") == nil)
        #expect(Self.names.lookup("projects") == nil)
    }

    @Test func aPrefixOfSeveralKeysIsAmbiguous() {
        #expect(Self.names.lookup("pr") == .ambiguous(["project", "priority"]))
        #expect(Self.names.lookup("st") == .ambiguous(["start", "status"]))
        #expect(Self.names.lookup("de") == .ambiguous(["description", "details", "depends"]))
        #expect(Self.names.lookup("en") == .ambiguous(["entry", "end"]))
        #expect(Self.names.lookup("end") == .exact(.stamp(.completed)))
    }

    /// Taskwarrior's attributes that todo has not are names too, so that a word naming one is
    /// refused rather than kept as text.
    @Test func taskwarriorsOwnKeysAreNames() {
        #expect(Self.key("entry") == .stamp(.created))
        #expect(Self.key("mod") == .stamp(.updated))
        #expect(Self.key("uu") == .taskwarrior("uuid"))
        #expect(Self.key("li") == .limit)
        #expect(Self.key("stat") == .status)
        #expect(Self.key("urg") == .urgency)
        // Taskwarrior's description is the name; todo's own description is details.
        #expect(Self.key("desc") == .field(.name))
        #expect(Self.key("det") == .field(.description))
        #expect(Self.key("tag") == .field(.tags))
    }

    /// Declared attributes take part: a prefix of one names it, an exact name wins over a
    /// prefix of a field's (`proj` is the attribute, `proje` the project), and a prefix of an
    /// attribute and a field is ambiguous.
    @Test func declaredAttributesTakePart() {
        #expect(Self.declared.lookup("est") == .prefix(.uda("estimate")))
        #expect(Self.declared.lookup("proj") == .exact(.uda("proj")))
        #expect(Self.declared.lookup("proje") == .prefix(.field(.project)))
        #expect(Self.declared.lookup("sc") == .ambiguous(["scheduled", "scope"]))
        #expect(Self.declared.lookup("Cl") == .prefix(.uda("Client")))
        #expect(Self.declared.lookup("cl") == nil)
        #expect(Self.declared.lookup("cl", ignoringCase: true) == .prefix(.uda("Client")))
    }

    @Test(arguments: [
        "10:30", "https://example.com", "re:", "Re:", "pr:", "st:", "Due:", "a:b", "due.:x", "due.b4:x", ":x", "+x", "x"
    ])
    func wordsThatNameNoAttribute(word: String) throws {
        #expect(try AttributeWord(word, names: Self.names) == nil)
    }

    @Test func theWordsParts() throws {
        let word = try #require(try AttributeWord("sch.before:mon", names: Self.names))
        #expect((word.key, word.name, word.modifier, word.value) == (.field(.scheduled), "sch", "before", "mon"))
        #expect(try AttributeWord("re:weekly", names: Self.names)?.key == .field(.recur))
        #expect(try AttributeWord("rec:", names: Self.names)?.key == .field(.recur))
        #expect(try AttributeWord("PRO:x", names: Self.names, ignoringCase: true)?.key == .field(.project))
        #expect(try AttributeWord("PRO:x", names: Self.names) == nil)
        #expect(throws: AttributeNameError(word: "pr:x", name: "pr", choices: ["project", "priority"])) {
            try AttributeWord("pr:x", names: Self.names)
        }
        #expect(
            AttributeNameError(word: "pr:x", name: "pr", choices: ["project", "priority"]).description
                == "\"pr:x\": pr may be project or priority; write more of the name")
    }

    static func key(_ name: String) -> AttributeKey? {
        switch names.lookup(name) {
        case .exact(let key)?, .prefix(let key)?: key
        case .ambiguous?, nil: nil
        }
    }
}
