// Spec.g4 — the property language of gpredict (SPEC.md section 2).
//
// One combined grammar: a file holds properties; a property has typed
// parameters, event declarations (AspectJ advice + pointcut) and a
// violation pattern. Regenerate grammar/gen with ./generate.sh.
//
// Design notes (the why):
//  * Keywords are tokens, but `ident` accepts every keyword except the
//    literals, so `get`, `set`, `lock`, `pattern`, ... stay usable as
//    method, field, event and parameter names.
//  * Any identifier followed by `(` in a pointcut parses (dUnknown), so a
//    misspelt designator is a semantic diagnostic with a suggestion, not
//    a syntax error.
//  * `holds(x)` (an extension, JavaMOP's `Thread.holdsLock(x)`) takes one
//    name, the parameter that holds the lock; it parses any argument list
//    so that `holds()` or `holds(a, b)` is one clear semantic diagnostic
//    rather than a cascade of syntax errors.
//  * A name pattern with `*` inside or at its edges (`remove*`, `*Map`,
//    `get*Id`) is ONE token (NAMEPAT): whitespace then decides what is a
//    type and what is a name (`* s` vs `*s`). In a pattern, `next*` is the
//    same token and the builder reads it as `next` quantified by `*`.
grammar Spec;

file : property* EOF ;

property
    : name=ident LPAREN paramList? RPAREN LBRACE eventDecl* patternDecl RBRACE
    ;

paramList : param (COMMA param)* ;
param     : typeName ident ;
typeName  : ident (DOT ident)* (LBRACK RBRACK)* ;

eventDecl : EVENT ident advice COLON pointcut SEMI ;

advice
    : BEFORE LPAREN paramList? RPAREN                                       # beforeAdvice
    | AFTER LPAREN paramList? RPAREN (RETURNING LPAREN returning=param RPAREN)? # afterAdvice
    ;

patternDecl : PATTERN COLON regex SEMI? ;

// ---- pointcuts -------------------------------------------------------------

pointcut
    : BANG pointcut                 # pcNot
    | pointcut ANDAND pointcut      # pcAnd
    | pointcut OROR pointcut        # pcOr
    | LPAREN pointcut RPAREN        # pcParen
    | designator                    # pcDesignator
    ;

designator
    : CALL LPAREN sigPattern RPAREN                        # dCall
    | EXECUTION LPAREN sigPattern RPAREN                   # dExecution
    | GET LPAREN fieldPattern RPAREN                       # dGet
    | SET LPAREN fieldPattern RPAREN                       # dSet
    | TARGET LPAREN ident RPAREN                           # dTarget
    | ARGS LPAREN (argPattern (COMMA argPattern)*)? RPAREN # dArgs
    | LOCATION LPAREN ident RPAREN                         # dLocation
    | LOCK LPAREN RPAREN                                   # dLock
    | UNLOCK LPAREN RPAREN                                 # dUnlock
    | VOLATILE LPAREN RPAREN                               # dVolatile
    | WITHIN LPAREN typePattern RPAREN                     # dWithin
    | HOLDS LPAREN (argPattern (COMMA argPattern)*)? RPAREN # dHolds
    | IF LPAREN expr RPAREN                                # dIf
    | unknownName LPAREN balanced* RPAREN                  # dUnknown
    ;

// Identifiers that are not designators, for dUnknown.
unknownName : ID | EVENT | BEFORE | AFTER | RETURNING | PATTERN ;

// Anything with balanced parentheses, up to the end of the pointcut.
balanced
    : LPAREN balanced* RPAREN
    | ~(LPAREN | RPAREN | SEMI | LBRACE | RBRACE)
    ;

argPattern
    : ident     # argName
    | STAR      # argAny
    | DOTDOT    # argEllipsis
    ;

// RETPAT DECLPAT.NAMEPAT(PARAMPATS); RETPAT and DECLPAT may be missing.
sigPattern
    : (ret=typePattern)? (decl=typePattern DOT)? name=namePattern
      LPAREN (paramPattern (COMMA paramPattern)*)? RPAREN
    ;

// `..`, or a type pattern optionally followed by a parameter name (FIG. 19
// writes `createTable(Connection conn, String table)`).
paramPattern
    : DOTDOT                # paramEllipsis
    | typePattern ident?    # paramType
    ;

// [TYPEPAT] [DECLPAT.]NAMEPAT
fieldPattern
    : (type=typePattern)? (decl=typePattern DOT)? name=namePattern
    ;

typePattern : namePattern (DOT namePattern)* PLUS? (LBRACK RBRACK)* ;

namePattern : ident | STAR | NAMEPAT ;

// ---- if(...) expressions -----------------------------------------------------

expr
    : expr DOT ident LPAREN expr RPAREN   # exMethod
    | BANG expr                           # exNot
    | expr op=(EQ | NEQ) expr             # exCompare
    | expr ANDAND expr                    # exAnd
    | expr OROR expr                      # exOr
    | LPAREN expr RPAREN                  # exParen
    | literal                             # exLiteral
    | ident                               # exName
    ;

literal : NULL | TRUE | FALSE | NUMBER | STRING ;

// ---- patterns ------------------------------------------------------------------
// Precedence, loosest first: `|`, `&`, sequence, `||`, quantifiers;
// `!` applies to the next atom or group (with its quantifiers).

regex  : rxAnd (PIPE rxAnd)* ;
rxAnd  : rxSeq (AMP rxSeq)* ;
rxSeq  : rxPar+ ;
rxPar  : rxUnary (OROR rxUnary)* ;

rxUnary
    : BANG rxUnary          # rxNot
    | rxAtom quantifier*    # rxQuantified
    ;

rxAtom
    : ident (LPAREN rxAttrs RPAREN)?   # rxEvent
    | NAMEPAT                          # rxStarred
    | LPAREN regex RPAREN              # rxGroup
    ;

quantifier : STAR | PLUS | QUESTION ;

// e(t1), e(t1, <r), e(>r)
rxAttrs
    : thread=ident (COMMA rxMark)?
    | rxMark
    ;

rxMark : (LT | GT) ident ;

ident
    : ID | EVENT | BEFORE | AFTER | RETURNING | PATTERN
    | CALL | EXECUTION | GET | SET | TARGET | ARGS | LOCATION
    | LOCK | UNLOCK | VOLATILE | WITHIN | HOLDS | IF
    ;

// ---- lexer -----------------------------------------------------------------------

EVENT     : 'event' ;
BEFORE    : 'before' ;
AFTER     : 'after' ;
RETURNING : 'returning' ;
PATTERN   : 'pattern' ;
CALL      : 'call' ;
EXECUTION : 'execution' ;
GET       : 'get' ;
SET       : 'set' ;
TARGET    : 'target' ;
ARGS      : 'args' ;
LOCATION  : 'location' ;
LOCK      : 'lock' ;
UNLOCK    : 'unlock' ;
VOLATILE  : 'volatile' ;
WITHIN    : 'within' ;
HOLDS     : 'holds' ;
IF        : 'if' ;
NULL      : 'null' ;
TRUE      : 'true' ;
FALSE     : 'false' ;

LPAREN   : '(' ;
RPAREN   : ')' ;
LBRACE   : '{' ;
RBRACE   : '}' ;
LBRACK   : '[' ;
RBRACK   : ']' ;
COMMA    : ',' ;
SEMI     : ';' ;
COLON    : ':' ;
DOTDOT   : '..' ;
DOT      : '.' ;
OROR     : '||' ;
ANDAND   : '&&' ;
PIPE     : '|' ;
AMP      : '&' ;
EQ       : '==' ;
NEQ      : '!=' ;
BANG     : '!' ;
STAR     : '*' ;
PLUS     : '+' ;
QUESTION : '?' ;
LT       : '<' ;
GT       : '>' ;

NUMBER : '-'? [0-9]+ ('.' [0-9]+)? ;
STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"' ;
ID     : [\p{L}_$] [\p{L}\p{N}_$]* ;

// A name with at least one `*` in it (but not `*` alone).
NAMEPAT
    : '*'+ IDPART ('*'+ IDPART)* '*'*
    | IDPART ('*'+ IDPART)* '*'+
    | IDPART ('*'+ IDPART)+
    ;
fragment IDPART : [\p{L}\p{N}_$]+ ;

LINE_COMMENT  : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
WS            : [ \t\r\n\f]+ -> skip ;
